#!/usr/bin/env python3
"""Convert an NVIDIA class header (clXXXX.h) into a rules-ng-ng XML domain.

Maintainer tool for drmsub's nouveau/registers/ database.  It is never run by
the build; its output is reviewed and committed as data.  Python 3, stdlib only.

What it understands (the layout of NVIDIA's open-gpu-doc class headers):

  #define NVB197_NAME                 0x1234        a method (byte offset)
  #define NVB197_NAME                 (0x00001234)  same, parenthesised
  #define NVB197_NAME(i)     (0x1234+(i)*4)         a method array
  #define NVB197_NAME(i,j)   (0x2800+(i)*128+(j)*4) a two-index method array
  #define NVB197_NAME_FIELD           hi:lo         a field of the last method
  #define NVB197_NAME_FIELD_VALUE     (0x00000001)  an enum value of a field

Anything else (class id, _TYPEDEF, header guards, struct typedefs, "__"
constants such as GP_ENTRY__SIZE, names matching --skip) is ignored.  A bare number after a
field is an enum value when its name extends one of the current method's
fields; it is a new method when the next define is a field of it or when it
extends no field.

Array lengths are not written in the headers.  The converter infers them from
the gap to the next method that is not part of the same interleaved group
(ceil((next - base) / stride), capped at the 0x4000-byte method space), and
lets --length override that; every array gets an XML comment telling which
rule produced its length.
"""

import argparse
import re
import sys
from xml.sax.saxutils import escape

METHOD_SPACE_END = 0x4000  # method address field is 12 bits of dword index

RE_DEFINE = re.compile(r'^\s*#\s*define\s+([A-Za-z_][A-Za-z0-9_]*)(\([^)]*\))?\s*(.*?)\s*$')
RE_NUM = re.compile(r'^\(?\s*(0[xX][0-9a-fA-F]+|[0-9]+)\s*\)?$')
RE_RANGE = re.compile(r'^\(?\s*([0-9]+)\s*:\s*([0-9]+)\s*\)?$')
RE_ARR1 = re.compile(r'^\(\s*(0[xX][0-9a-fA-F]+)\s*\+\s*\(\s*([a-z])\s*\)\s*\*\s*([0-9]+|0[xX][0-9a-fA-F]+)\s*\)$')
RE_ARR2 = re.compile(r'^\(\s*(0[xX][0-9a-fA-F]+)\s*\+\s*\(\s*([a-z])\s*\)\s*\*\s*([0-9]+|0[xX][0-9a-fA-F]+)'
                     r'\s*\+\s*\(\s*([a-z])\s*\)\s*\*\s*([0-9]+|0[xX][0-9a-fA-F]+)\s*\)$')
RE_IDENT = re.compile(r'^[A-Za-z_][A-Za-z0-9_]*$')


class ConvertError(Exception):
    pass


class Field:
    def __init__(self, name, high, low, line):
        self.name, self.high, self.low, self.line = name, high, low, line
        self.values = []   # (name, value, line)
        self.notes = []
        self.shr = 0       # the field holds value >> shr (an address's low bits are implied)


class Method:
    def __init__(self, name, offset, line, strides=None, params=None):
        self.name = name
        self.offset = offset
        self.line = line
        self.strides = strides or []   # outermost first
        self.params = params or []
        self.lengths = []              # per stride
        self.length_notes = []
        self.fields = []
        self.notes = []
        self.kind = None               # a value of enum nv_method_kind, None: state
        self.source = None             # for methods the header omits: who shows them

    @property
    def is_array(self):
        return bool(self.strides)


def parse_int(text):
    return int(text, 0)


def hexs(v):
    return '0x%x' % v


def parse_header(path, prefix, skip_re, warn):
    """Return (prefix, [Method]) parsed from the header."""
    defines = []
    with open(path, encoding='utf-8', errors='replace') as fh:
        for lineno, line in enumerate(fh, 1):
            m = RE_DEFINE.match(line)
            if not m:
                continue
            name, params, value = m.group(1), m.group(2), m.group(3)
            # strip trailing C comments
            value = re.sub(r'/\*.*?\*/', '', value)
            value = re.sub(r'//.*$', '', value).strip()
            defines.append((lineno, name, params, value))

    if prefix is None:
        for _, name, _, _ in defines:
            m = re.match(r'^(NV[0-9A-F]{4})_', name)
            if m:
                prefix = m.group(1)
                break
        if prefix is None:
            raise ConvertError('%s: no NVxxxx_ define found; pass --prefix' % path)
    pfx = prefix + '_'

    # Keep only defines that belong to the class and are not skipped.
    items = []
    for lineno, name, params, value in defines:
        if not name.startswith(pfx):
            continue  # header guard, class id (MAXWELL_B ...)
        short = name[len(pfx):]
        if short.endswith('_TYPEDEF') or short == 'TYPEDEF':
            continue
        if skip_re and skip_re.search(short):
            continue
        if params:
            kind = 'array'
        elif RE_RANGE.match(value):
            kind = 'field'
        elif RE_NUM.match(value):
            kind = 'num'
        else:
            warn('%s:%d: %s: unrecognised value %r, skipped' % (path, lineno, name, value))
            continue
        items.append((lineno, short, params, value, kind))

    methods = []
    cur = None
    for idx, (lineno, short, params, value, kind) in enumerate(items):
        if kind == 'array':
            plist = [p.strip() for p in params.strip('()').split(',')]
            m1 = RE_ARR1.match(value)
            m2 = RE_ARR2.match(value)
            if m1 and len(plist) == 1 and m1.group(2) == plist[0]:
                cur = Method(short, parse_int(m1.group(1)), lineno,
                             [parse_int(m1.group(3))], plist)
            elif m2 and len(plist) == 2 and [m2.group(2), m2.group(4)] == plist:
                cur = Method(short, parse_int(m2.group(1)), lineno,
                             [parse_int(m2.group(3)), parse_int(m2.group(5))], plist)
            else:
                warn('%s:%d: %s: array expression %r not understood, skipped'
                     % (path, lineno, short, value))
                cur = None
                continue
            methods.append(cur)
        elif kind == 'field':
            m = RE_RANGE.match(value)
            high, low = int(m.group(1)), int(m.group(2))
            if cur is None or not short.startswith(cur.name + '_'):
                warn('%s:%d: %s: field outside any method, skipped' % (path, lineno, short))
                continue
            if high < low or high > 31:
                warn('%s:%d: %s: bad bit range %s, skipped' % (path, lineno, short, value))
                continue
            cur.fields.append(Field(short[len(cur.name) + 1:], high, low, lineno))
        else:  # num
            val = parse_int(RE_NUM.match(value).group(1))
            nxt = items[idx + 1] if idx + 1 < len(items) else None
            next_is_own_field = (nxt is not None and nxt[4] == 'field'
                                 and nxt[1].startswith(short + '_'))
            owner = None
            if cur is not None and short.startswith(cur.name + '_') and not next_is_own_field:
                rest = short[len(cur.name) + 1:]
                for f in cur.fields:
                    if rest.startswith(f.name + '_') and (owner is None or len(f.name) > len(owner.name)):
                        owner = f
            if owner is not None:
                vname = short[len(cur.name) + 1 + len(owner.name) + 1:]
                owner.values.append((vname, val, lineno))
                continue
            if '__' in short:
                continue  # e.g. GP_ENTRY__SIZE: a size constant, not a method
            cur = Method(short, val, lineno)
            methods.append(cur)
    return prefix, methods


def infer_lengths(methods, overrides, warn):
    """Fill Method.lengths (and a note saying where each came from) for arrays."""
    offsets = sorted(set(m.offset for m in methods))
    arrays = [m for m in methods if m.is_array]
    for m in arrays:
        outer = m.strides[0]
        # Members of the same interleaved group: arrays with the same outer
        # stride whose base lies within one element of this one.
        group_offsets = set(a.offset for a in arrays
                            if a.strides[0] == outer and abs(a.offset - m.offset) < outer)
        nxt = METHOD_SPACE_END
        nxt_name = 'the end of the method space'
        for o in offsets:
            if o > m.offset and o not in group_offsets:
                nxt = o
                nxt_name = next(x.name for x in methods if x.offset == o)
                break
        gap = [-(-(nxt - m.offset) // outer)]
        if len(m.strides) == 2:
            gap.append(outer // m.strides[1])
        gap_text = ' x '.join(str(n) for n in gap)
        why = 'up to %s at %s' % (nxt_name, hexs(nxt))
        if len(m.strides) == 2:
            why += '; inner length = outer stride / inner stride'
        if m.name in overrides:
            lens, note = overrides[m.name]
            if len(lens) != len(m.strides):
                raise ConvertError('length for %s: %d values given, array has %d indices'
                                   % (m.name, len(lens), len(m.strides)))
            m.lengths = list(lens)
            text = 'length %s from %s' % (' x '.join(str(n) for n in lens),
                                          note or 'the converter command line')
            if lens == gap:
                text += '; agrees with the header gap (%s)' % why
            else:
                text += '; the header gap alone would give %s (%s)' % (gap_text, why)
        else:
            m.lengths = gap
            text = 'length %s INFERRED from the header gap (%s)' % (gap_text, why)
        m.length_notes.append(text)


def xml_name(name):
    if RE_IDENT.match(name):
        return name
    fixed = re.sub(r'[^A-Za-z0-9_]', '_', name)
    if not re.match(r'^[A-Za-z_]', fixed):
        fixed = '_' + fixed
    return fixed


def comment(text):
    text = text.replace('--', '- -')
    return '<!-- %s -->' % text


def emit_field(f, ind, out, warn, mname):
    width = f.high - f.low + 1
    attrs = 'name="%s"' % xml_name(f.name)
    if f.high == f.low:
        attrs += ' pos="%d"' % f.low
    else:
        attrs += ' low="%d" high="%d"' % (f.low, f.high)
    if f.shr:
        attrs += ' shr="%d"' % f.shr
    vals = []
    seen = {}
    for vname, val, line in f.values:
        xn = vname
        if not RE_IDENT.match(xn):
            xn = xml_name(vname)
            f.notes.append('value %s renamed %s to be a C identifier' % (vname, xn))
        if xn in seen:
            f.notes.append('value %s = %s duplicates the name of an earlier value (%s); dropped'
                           % (vname, hexs(val), hexs(seen[xn])))
            continue
        if width < 32 and val >= (1 << width):
            warn('%s.%s: value %s = %s does not fit %d bits' % (mname, f.name, vname, hexs(val), width))
            f.notes.append('value %s = %s does not fit the %d-bit field; kept as in the header'
                           % (vname, hexs(val), width))
        seen[xn] = val
        vals.append((xn, val))
    boolean = (width == 1 and len(vals) == 2
               and sorted((v, n) for n, v in vals) == [(0, 'FALSE'), (1, 'TRUE')])
    if boolean:
        attrs += ' type="boolean"'
    for note in f.notes:
        out.append(ind + comment(note))
    if not vals:
        out.append(ind + '<bitfield %s/>' % attrs)
        return
    out.append(ind + '<bitfield %s>' % attrs)
    for xn, val in vals:
        out.append(ind + '\t<value name="%s" value="%s"/>' % (xn, hexs(val)))
    out.append(ind + '</bitfield>')


def emit_reg(m, name, offset, ind, out, warn):
    seen = set()
    fields = []
    for f in m.fields:
        xn = xml_name(f.name)
        if xn in seen:
            out.append(ind + comment('%s: field %s %d:%d repeats an earlier field name; dropped'
                                     % (m.name, f.name, f.high, f.low)))
            continue
        seen.add(xn)
        fields.append(f)
    for i, a in enumerate(fields):
        for b in fields[:i]:
            if a.low <= b.high and b.low <= a.high:
                out.append(ind + comment('fields %s (%d:%d) and %s (%d:%d) overlap: the header '
                                         'gives both views of these bits'
                                         % (b.name, b.high, b.low, a.name, a.high, a.low)))
    attrs = 'name="%s" offset="%s"' % (xml_name(name), hexs(offset))
    if m.kind:
        attrs += ' kind="%s"' % m.kind
    if not fields:
        out.append(ind + '<reg32 %s/>' % attrs)
        return
    out.append(ind + '<reg32 %s>' % attrs)
    for f in fields:
        emit_field(f, ind + '\t', out, warn, m.name)
    out.append(ind + '</reg32>')


def emit_domain(args, methods, warn):
    out = []
    out.append('<?xml version="1.0" encoding="UTF-8"?>')
    out.append('<database xmlns="http://nouveau.freedesktop.org/">')
    out.append(comment('Generated by scripts/nvclass2rnn.py; edit the converter or its '
                       'command line (see README.md), not this file.'))
    if args.kinds:
        out.append('<import file="nv_method_kinds.xml"/>')
        out.append('<domain name="%s" width="32" kinds="nv_method_kind">' % args.domain)
    else:
        out.append('<domain name="%s" width="32">' % args.domain)
    doc = ('Methods of class %s %s (byte offsets; the push-buffer header carries offset &gt;&gt; 2). '
           'Converted from %s.' % (args.class_id, args.class_name, escape(args.source)))
    if args.doc:
        doc += ' ' + escape(args.doc)
    out.append('\t<doc>%s</doc>' % doc)

    names = {}
    offsets = {}
    for m in methods:
        if m.offset < args.min_offset:
            out.append('\t' + comment('%s at %s (header line %d) omitted: methods below %s are '
                                      'host methods, described once in NVB06F'
                                      % (m.name, hexs(m.offset), m.line, hexs(args.min_offset))))
            continue
        if m.offset % 4:
            warn('%s at %s is not dword aligned' % (m.name, hexs(m.offset)))
        xn = xml_name(m.name)
        if xn in names:
            out.append('\t' + comment('%s at %s (header line %d) repeats the name of the method '
                                      'at %s; kept the first' % (m.name, hexs(m.offset), m.line,
                                                                 hexs(names[xn]))))
            continue
        names[xn] = m.offset
        if not m.is_array:
            if m.offset in offsets:
                out.append('\t' + comment('%s shares offset %s with %s (alias in the header)'
                                          % (m.name, hexs(m.offset), offsets[m.offset])))
            else:
                offsets[m.offset] = m.name
        for note in m.notes:
            out.append('\t' + comment(note))
        if m.source:
            out.append('\t' + comment('%s at %s is not in the header: %s' % (m.name, hexs(m.offset),
                                                                          m.source)))
        if m.is_array:
            for note in m.length_notes:
                out.append('\t' + comment('%s: %s' % (m.name, note)))
            ind = '\t'
            closers = []
            for level, (stride, length) in enumerate(zip(m.strides, m.lengths)):
                off = m.offset if level == 0 else 0
                out.append(ind + '<array name="%s" offset="%s" stride="%s" length="%s">'
                           % (xn, hexs(off), hexs(stride),
                              str(length)))
                closers.append(ind + '</array>')
                ind += '\t'
            emit_reg(m, m.name, 0, ind, out, warn)
            out.extend(reversed(closers))
        else:
            emit_reg(m, m.name, m.offset, '\t', out, warn)
    out.append('</domain>')
    out.append('</database>')
    return '\n'.join(out) + '\n'



# --------------------------------------------------------------------------
# Per-class knowledge: where each header lives in NVIDIA/open-gpu-doc, what
# the domain is called, and array lengths that the header does not state.
# Lengths listed here either correct the gap inference (the header leaves
# unnamed holes after some arrays) or confirm it from a second source.

_E3D = 'envytools rnndb graph/gf100_3d.xml'
_EOBJ = 'envytools rnndb fifo/nv_object.xml'
_E2D = 'envytools rnndb graph/g80_2d.xml'


def _same(names, lengths, source):
    """One (lengths, source) row for each of several methods."""
    return {n: (lengths, source) for n in names}


# The MME macro call methods of every GF100+ graphics object (3D and 2D alike).
_LEN_MME_CALL = {
    'CALL_MME_MACRO': ([128], _EOBJ + ' MACRO length 0x80 stride 8'),
    'CALL_MME_DATA': ([128], _EOBJ + ' MACRO_PARAM length 0x80 stride 8'),
}

# name: (lengths, source)
_LEN_3D = _same(['SET_STREAM_OUT_BUFFER_' + s for s in (
    'ENABLE', 'ADDRESS_A', 'ADDRESS_B', 'SIZE', 'LOAD_WRITE_POINTER')],
    [4], _E3D + ' stripe TFB length 4')
_LEN_3D.update(_same(['SET_DA_OUTPUT_ATTRIBUTE_SKIP_MASK_' + s for s in 'AB'], [2],
                     _E3D + ' 0x1120 length 4 shared by _A and _B; each word holds 8 attributes'))
_LEN_3D.update(_same(['SET_VERTEX_ATTRIBUTE_' + s for s in 'AB'], [16],
                     _E3D + ' VERTEX_ATTRIB_FORMAT length 32 = _A 16 + _B 16'))
_LEN_3D.update(_same(['SET_VERTEX_STREAM_INSTANCE_' + s for s in 'AB'], [16],
                     _E3D + ' VERTEX_ARRAY_PER_INSTANCE length 32 = _A 16 + _B 16'))
_LEN_3D.update(_same(['SET_PIPELINE_' + s for s in (
    'SHADER', 'PROGRAM', 'RESERVED_A', 'REGISTER_COUNT', 'BINDING', 'RESERVED_B', 'RESERVED_C',
    'RESERVED_D', 'RESERVED_E')], [6], _E3D + ' stripe SP length 6'))
_LEN_3D.update(_same(['BIND_GROUP_RESERVED_' + s for s in 'ABCD'], [5],
                     _E3D + ' BIND_* length 5 (one per shader group)'))
_LEN_3D.update(_LEN_MME_CALL)
_LEN_3D.update({
    'SET_STREAM_OUT_CONTROL_STREAM': ([4], _E3D + ' TFB_STREAM length 4'),
    'SET_STREAM_OUT_CONTROL_COMPONENT_COUNT': ([4], _E3D + ' TFB_VARYING_COUNT length 4'),
    'SET_STREAM_OUT_CONTROL_STRIDE': ([4], _E3D + ' TFB_BUFFER_STRIDE length 4'),
    'SET_COLOR_TARGET_A': ([8], _E3D + ' stripe RT length 8'),
    'SET_SCISSOR_ENABLE': ([16], _E3D + ' SCISSOR_ENABLE length 16; 0x0f00 is not part of it'),
    'SET_SCISSOR_HORIZONTAL': ([16], _E3D + ' SCISSOR_HORIZ length 16'),
    'SET_SCISSOR_VERTICAL': ([16], _E3D + ' SCISSOR_VERT length 16'),
    'SET_POLYGON_STIPPLE_PATTERN': ([32], _E3D + ' POLYGON_STIPPLE_PATTERN length 32'),
    'SET_COLOR_COMPRESSION': ([8], _E3D + ' RT_COMP_ENABLE length 8'),
    'SET_CT_WRITE': ([8], _E3D + ' COLOR_MASK length 8'),
    'LOAD_CONSTANT_BUFFER': ([16], _E3D + ' CB_DATA length 16'),
    'BIND_GROUP_CONSTANT_BUFFER': ([5], _E3D + ' CB_BIND length 5'),
    'SET_STREAM_OUT_LAYOUT_SELECT': (
        [4, 32], _E3D + ' stripe at 0x2800 length 4 stride 0x80 of TFB_VARYING_LOCS length 32'),
    'SET_SHADER_PERFORMANCE_COUNTER_VALUE': ([8], _E3D + ' MP_PM_SET length 8'),
    'SET_MME_SHADOW_SCRATCH': (
        [128], 'Mesa src/nouveau/mme MME_FERMI_SCRATCH_COUNT 128 (checked on hardware by its '
               'scratch_limit test); ' + _EOBJ + ' SCRATCH length 0x80'),
})


# Second-source confirmations of lengths the gap inference already gets right.
_LEN_3D.update(_same(['SET_COLOR_TARGET_' + s for s in (
    'B', 'WIDTH', 'HEIGHT', 'FORMAT', 'MEMORY', 'THIRD_DIMENSION', 'ARRAY_PITCH', 'LAYER',
    'MARK')], [8], _E3D + ' stripe RT length 8'))
_LEN_3D.update(_same(['SET_VIEWPORT_' + s for s in (
    'SCALE_X', 'SCALE_Y', 'SCALE_Z', 'OFFSET_X', 'OFFSET_Y', 'OFFSET_Z')],
    [16], _E3D + ' VIEWPORT_SCALE_*/VIEWPORT_TRANSLATE_* length 16'))
_LEN_3D.update(_same(['SET_VIEWPORT_CLIP_' + s for s in ('HORIZONTAL', 'VERTICAL', 'MIN_Z', 'MAX_Z')],
                     [16], _E3D + ' VIEWPORT_HORIZ/VERT, DEPTH_RANGE_NEAR/FAR length 16'))
_LEN_3D.update(_same(['SET_WINDOW_CLIP_HORIZONTAL', 'SET_WINDOW_CLIP_VERTICAL'], [8],
                     _E3D + ' CLIP_RECT_HORIZ/VERT length 8'))
_LEN_3D.update(_same(['SET_CLIP_ID_EXTENT_X', 'SET_CLIP_ID_EXTENT_Y'], [4],
                     _E3D + ' CLIPID_REGION_HORIZ/VERT length 4'))
_LEN_3D.update(_same(['SET_COLOR_CLEAR_VALUE'], [4], _E3D + ' CLEAR_COLOR length 4'))
_LEN_3D.update(_same(['SET_BLEND'], [8], _E3D + ' BLEND_ENABLE length 8'))
_LEN_3D.update(_same(['SET_LINE_SMOOTH_EDGE_TABLE'], [4], _E3D + ' COVERAGE_LUT length 4'))
_LEN_3D.update(_same(['SET_VERTEX_STREAM_%s_%s' % (ab, s) for ab in 'AB' for s in (
    'FORMAT', 'LOCATION_A', 'LOCATION_B', 'FREQUENCY')], [16],
    _E3D + ' VERTEX_ARRAY_FETCH/START_HIGH/START_LOW/DIVISOR length 32 = _A 16 + _B 16'))
_LEN_3D.update(_same(['SET_BLEND_PER_TARGET_' + s for s in (
    'SEPARATE_FOR_ALPHA', 'COLOR_OP', 'COLOR_SOURCE_COEFF', 'COLOR_DEST_COEFF', 'ALPHA_OP',
    'ALPHA_SOURCE_COEFF', 'ALPHA_DEST_COEFF')], [8], _E3D + ' array IBLEND length 8'))
_LEN_3D.update(_same(['SET_VERTEX_STREAM_LIMIT_%s_%s' % (ab, s) for ab in 'AB' for s in 'AB'],
                     [16], _E3D + ' VERTEX_ARRAY_LIMIT_HIGH/LOW length 32 = _A 16 + _B 16'))
_LEN_3D.update(_same(['SET_SHADER_PERFORMANCE_COUNTER_EVENT', 'SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A',
                      'SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B'], [8],
                     _E3D + ' MP_PM_A/B_SIGSEL 4+4, MP_PM_SRCSEL 8, MP_PM_FUNC 8'))

_LEN_B197 = dict(_LEN_3D)
_LEN_B197.update(_same(['SET_ANTI_ALIAS_SAMPLE_POSITIONS'], [4],
                       _E3D + ' SAMPLE_LOCATIONS length 4 (GM204_3D-)'))
_LEN_B197.update(_same(['SET_POST_VTG_SHADER_ATTRIBUTE_SKIP_MASK'], [8],
                       _E3D + ' GP_PASSTHROUGH length 8 (GM204_3D-)'))
_LEN_B197.update(_same(['SET_VIEWPORT_COORDINATE_SWIZZLE', 'SET_VIEWPORT_INCREASE_SNAP_GRID_PRECISION'],
                       [16], _E3D + ' VIEWPORT_SWIZZLE/SUBPIXEL_PRECISION length 16 (GM204_3D-)'))
_LEN_B197.update({
    'SET_TIR_MODULATION_COEFFICIENT_TABLE': (
        [4], 'NVIDIA MODS trace_3d code writes indices 0..3 only; 0x1040 is an unnamed hole'),
})

_LEN_2D = {
    'COLOR_PATTERN_X8R8G8B8': ([64], _E2D + ' PATTERN_X8R8G8B8 length 64'),
    'COLOR_PATTERN_R5G6B5': ([32], _E2D + ' PATTERN_R5G6B5 length 32'),
    'COLOR_PATTERN_X1R5G5B5': ([32], _E2D + ' PATTERN_X1R5G5B5 length 32'),
    'COLOR_PATTERN_Y8': ([16], _E2D + ' PATTERN_Y8 length 16'),
    'RENDER_SOLID_PRIM_POINT_SET_X': ([64], _E2D + ' DRAW_POINT32_X length 64 stride 8'),
    'RENDER_SOLID_PRIM_POINT_Y': ([64], _E2D + ' DRAW_POINT32_Y length 64 stride 8'),
    'SET_MME_SHADOW_SCRATCH': ([128], _EOBJ + ' SCRATCH length 0x80 (all GF100+ graphics objects)'),
}
_LEN_2D.update(_LEN_MME_CALL)

_SCRATCH8 = ([8], 'UNCERTAIN: ' + _EOBJ + ' notes that the Kepler a040/a0c0 classes have only 8 '
                  'scratch registers, and Mesa found 8 on the Ampere compute class; not '
                  'verified for this class; the header alone would allow up to 0x3ffc')

_LEN_A140 = {'SET_MME_SHADOW_SCRATCH': _SCRATCH8}

_LEN_B1C0 = {
    'SET_SHADER_PERFORMANCE_COUNTER_EVENT': ([8], _E3D + ' MP_PM_A/B_SIGSEL 4+4 (3D class)'),
    'SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A': ([8], _E3D + ' MP_PM_SRCSEL length 8 (3D class)'),
    'SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B': ([8], _E3D + ' MP_PM_FUNC length 8 (3D class)'),
    'SET_SHADER_PERFORMANCE_COUNTER_VALUE': ([8], _E3D + ' MP_PM_SET length 8 (3D class)'),
    'SET_MME_SHADOW_SCRATCH': _SCRATCH8,
}

# --------------------------------------------------------------------------
# Method kinds: what writing a method does, when it does more than keep its
# value (nouveau/registers/nv_method_kinds.xml holds the enum). The headers
# say nothing about this; these rules are drmsub's reading of NVIDIA's method
# names, the referee for each noted beside it. Rules are tried in order, the
# first match wins; a rule that matches no method of any converted class is
# an error, so a rule cannot silently stop applying. Methods no rule matches
# are state: the class keeps their last value.

_DRAWS = ('BEGIN', 'END', 'DRAW_ZERO_INDEX', 'DRAW_VERTEX_ARRAY',
          'DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST',
          'DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_SUBSEQUENT', 'DRAW_AUTO', 'DRAW_INLINE_INDEX',
          'DRAW_INLINE_INDEX2X16', 'DRAW_INLINE_INDEX4X8', 'DRAW_INDEX_BUFFER',
          'DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_FIRST',
          'DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST',
          'DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_FIRST',
          'DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_SUBSEQUENT',
          'DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_SUBSEQUENT',
          'DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_SUBSEQUENT', 'ADD_TO_PRIMITIVE_ID',
          'LOAD_PRIMITIVE_ID', 'RUN_DS_NOW')
_CLEARS = ('CLEAR_SURFACE', 'CLEAR_CLIP_ID_SURFACE', 'CLEAR_ZCULL_REGION', 'DECOMPRESS_SURFACE',
           'DECOMPRESS_ZETA_SURFACE', 'STORE_ZCULL', 'LOAD_ZCULL', 'INVALIDATE_ZCULL',
           'ASSIGN_ZCULL_SUBREGIONS')
_COMMANDS = ('NO_OPERATION', 'NO_OPERATION_DATA_HI', 'PIPE_NOP', 'WAIT_FOR_IDLE', 'SEND_GO_IDLE',
             'ZCULL_SYNC', 'PIXEL_SHADER_BARRIER', 'FLUSH_PENDING_WRITES',
             'FORCE_HEAVYWEIGHT_METHOD_SYNC', 'FORCE_TRANSITION_TO_BETA',
             'FLUSH_AND_INVALIDATE_ROP_MINI_CACHE', 'INVALIDATE_SHADER_CACHES',
             'INVALIDATE_SHADER_CACHES_NO_WFI', 'INVALIDATE_SAMPLER_CACHE',
             'INVALIDATE_SAMPLER_CACHE_NO_WFI', 'INVALIDATE_SAMPLER_CACHE_ALL',
             'INVALIDATE_TEXTURE_HEADER_CACHE', 'INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI',
             'INVALIDATE_TEXTURE_HEADER_CACHE_ALL', 'INVALIDATE_TEXTURE_DATA_CACHE',
             'INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI', 'UNBIND_ALL',
             # other classes' commands: the copy class's NOP, the 2D class's texture
             # cache invalidate, compute's SKED/constant cache invalidates (C performs
             # the one A and B address) and its WFI of one SCG type
             'NOP', 'TWOD_INVALIDATE_TEXTURE_DATA_CACHE', 'INVALIDATE_SKED_CACHES',
             'INVALIDATE_CONSTANT_BUFFER_CACHE_C', 'WAIT_FOR_IDLE_SCG_TYPE')
_PM = ('PM_TRIGGER', 'PM_TRIGGER_WFI', 'PM_TRIGGER_END', 'PM_LOCAL_TRIGGER',
       'START_SHADER_PERFORMANCE_COUNTER', 'STOP_SHADER_PERFORMANCE_COUNTER',
       'PERFMON_TRANSFER', 'ACTIVATE_PERF_SETTINGS_FOR_COMPUTE_CONTEXT')
_MME_DMA = ('MME_DMA_READ', 'MME_DMA_READ_FIFOED', 'MME_DMA_WRITE', 'MME_DMA_REDUCTION',
            'MME_DMA_SYSMEMBAR', 'MME_DMA_SYNC', 'MME_DMA_WRITE_METHOD_BARRIER')


def _names(names):
    return '^(%s)$' % '|'.join(names)


# (profiles or None for all, regex on the method name, kind)
KIND_RULES = [
    (None, r'^LOAD_MME_(INSTRUCTION_RAM|START_ADDRESS_RAM)(_POINTER)?$', 'NV_METHOD_MME_LOAD'),
    (None, r'^SET_MME_SHADOW_RAM_CONTROL$', 'NV_METHOD_MME_SHADOW'),
    (None, r'^CALL_MME_(MACRO|DATA)$', 'NV_METHOD_MME_CALL'),
    (None, _names(_MME_DMA), 'NV_METHOD_MME_DMA'),
    (None, _names(('NOTIFY', 'SET_REPORT_SEMAPHORE_D', 'PEER_SEMAPHORE_RELEASE',
                   'INCREMENT_SYNC_POINT', 'CLEAR_REPORT_VALUE')), 'NV_METHOD_RELEASE'),
    # the copy class's LAUNCH_DMA starts a copy; elsewhere it starts inline-to-memory
    (('NVB0B5',), r'^LAUNCH_DMA$', 'NV_METHOD_LAUNCH'),
    (None, r'^(LAUNCH_DMA|LOAD_INLINE_DATA)$', 'NV_METHOD_I2M'),
    (None, r'^(SEND_PCAS_B|SEND_SIGNALING_PCAS_B)$', 'NV_METHOD_LAUNCH'),
    (None, _names(_DRAWS), 'NV_METHOD_DRAW'),
    (None, _names(_CLEARS), 'NV_METHOD_CLEAR'),
    # 2D: a solid primitive's vertices, CPU pixel data, and the source Y that
    # starts a pixels-from-memory blit (Mesa's nvc0_2d_texture_do_copy sends it last)
    (None, _names(('RENDER_SOLID_PRIM_POINT_X_Y', 'RENDER_SOLID_PRIM_POINT_SET_X',
                   'RENDER_SOLID_PRIM_POINT_Y', 'PIXELS_FROM_CPU_DATA',
                   'PIXELS_FROM_MEMORY_SRC_Y0_INT')), 'NV_METHOD_RENDER'),
    (None, _names(_COMMANDS), 'NV_METHOD_COMMAND'),
    (None, _names(_PM), 'NV_METHOD_PM_TRIGGER'),
    (None, r'^CHECK_(CLASS|SPH|AAM|COMPUTE_CLASS|QMD)_VERSION$', 'NV_METHOD_VERSION_CHECK'),
    (None, r'^LOAD_ITERATED_BLEND_INSTRUCTION(_POINTER)?$', 'NV_METHOD_PROGRAM_LOAD'),
    # Linux gf100_gr_mthd_sw: 0x1528 of the xx97 and xxc0 classes, from the ILLEGAL_MTHD trap
    (None, r'^SET_SHADER_EXCEPTIONS$', 'NV_METHOD_KERNEL_SW'),
    (None, r'^SET_RESERVED_SW_METHOD[0-9]+$', 'NV_METHOD_SW'),
    (None, r'^SET_FALCON[0-9]+$', 'NV_METHOD_FIRMWARE'),
    (None, r'^(LOAD_CONSTANT_BUFFER|BIND_GROUP_(RESERVED_[A-D]|CONSTANT_BUFFER))$',
     'NV_METHOD_CONSTANT_BUFFER'),
]


def assign_kinds(profile, methods, used):
    for m in methods:
        for i, (profiles, rule, kind) in enumerate(KIND_RULES):
            if profiles and profile not in profiles:
                continue
            if re.match(rule, m.name):
                m.kind = kind
                used.add(i)
                break


# Fields holding an address's upper bits, whose low bits the header leaves
# implied: method.field -> shr, so a caller passes the address itself.
SHR = {
    # clb06f.h: SEMAPHOREB OFFSET_LOWER is 31:2, address bits 31:2 (the
    # kernel's nvc0_fence_emit32 writes the address itself there)
    'NVB06F': {'SEMAPHOREB.OFFSET_LOWER': 2},
}


def assign_shr(profile, methods):
    for key, shr in SHR.get(profile, {}).items():
        mname, fname = key.split('.')
        fields = [f for m in methods if m.name == mname for f in m.fields if f.name == fname]
        if len(fields) != 1:
            raise ConvertError('shr for %s: no such field in %s' % (key, profile))
        if fields[0].low != shr:
            raise ConvertError('shr for %s: %d, but the field starts at bit %d'
                               % (key, shr, fields[0].low))
        fields[0].shr = shr


# Methods the header omits but a public source shows the hardware accepting:
# (name, offset, source). Each is checked not to collide with a header method.
_CSAA = ('CSAA_ENABLE', 0x15b4,
         'envytools rnndb graph/gf100_3d.xml CSAA_ENABLE (all GF100_3D and later classes); '
         'Mesa nvc0_3d.xml.h NVC0_3D_CSAA_ENABLE, sent by nvc0_screen_create on every class')
EXTRA = {
    'NVB097': [_CSAA],
    'NVB197': [_CSAA],
}


def add_extra(profile, methods):
    offsets = set(m.offset for m in methods)
    for name, offset, source in EXTRA.get(profile, []):
        if offset in offsets:
            raise ConvertError('%s at %s: the header has a method there' % (name, hexs(offset)))
        m = Method(name, offset, 0)
        m.source = source
        methods.append(m)
    methods.sort(key=lambda m: m.offset)


PROFILES = {
    'NVB06F': dict(path='classes/host/clb06f.h', class_id='0xB06F',
                   class_name='MAXWELL_CHANNEL_GPFIFO_A', min_offset=0,
                   skip=[r'^(GP_ENTRY|DMA_)', r'^NUMBER_OF_SUBCHANNELS$'], lengths={},
                   doc='Host (PBDMA) methods 0x000-0x0FC, accepted on every subchannel. '
                       'The GPFIFO entry and push-buffer header formats of the same header '
                       'are in nv_push.xml.'),
    'NVB197': dict(path='classes/3d/clb197.h', class_id='0xB197', class_name='MAXWELL_B',
                   min_offset=0x100, skip=[], lengths=_LEN_B197,
                   doc='3D class of GM20x (GM200/GM204/GM206/GM20B).'),
    'NVB097': dict(path='classes/3d/clb097.h', class_id='0xB097', class_name='MAXWELL_A',
                   min_offset=0x100, skip=[], lengths=_LEN_3D,
                   doc='3D class of GM107/GM108.'),
    'NVB0B5': dict(path='classes/dma-copy/clb0b5.h', class_id='0xB0B5',
                   class_name='MAXWELL_DMA_COPY_A', min_offset=0x100, skip=[], lengths={},
                   doc='Copy engine class.'),
    'NVA140': dict(path='classes/inline-to-memory/cla140.h', class_id='0xA140',
                   class_name='KEPLER_INLINE_TO_MEMORY_B', min_offset=0x100, skip=[],
                   lengths=_LEN_A140, doc='Inline-to-memory class.'),
    'NV902D': dict(path='classes/twod/cl902d.h', class_id='0x902D', class_name='FERMI_TWOD_A',
                   min_offset=0x100, skip=[], lengths=_LEN_2D, doc='2D class.'),
    'NVB1C0': dict(path='classes/compute/clb1c0.h', class_id='0xB1C0',
                   class_name='MAXWELL_COMPUTE_B', min_offset=0x100, skip=[],
                   lengths=_LEN_B1C0, doc='Compute class of GM20x.'),
    'NVB0C0': dict(path='classes/compute/clb0c0.h', class_id='0xB0C0',
                   class_name='MAXWELL_COMPUTE_A', min_offset=0x100, skip=[],
                   lengths=_LEN_B1C0, doc='Compute class of GM107/GM108.'),
}


class Config:
    pass


def parse_length_opt(text):
    # NAME=N[,M][:note]
    m = re.match(r'^([A-Za-z_][A-Za-z0-9_]*)=((?:0[xX][0-9a-fA-F]+|[0-9]+)'
                 r'(?:,(?:0[xX][0-9a-fA-F]+|[0-9]+))?)(?::(.*))?$', text)
    if not m:
        raise argparse.ArgumentTypeError('expected NAME=N[,M][:note], got %r' % text)
    lens = [int(x, 0) for x in m.group(2).split(',')]
    return m.group(1), (lens, m.group(3))


def convert(header, cfg, warn, used_rules):
    skip_re = re.compile('|'.join('(?:%s)' % s for s in cfg.skip)) if cfg.skip else None
    prefix, methods = parse_header(header, cfg.prefix, skip_re, warn)
    add_extra(cfg.profile, methods)
    assign_shr(cfg.profile, methods)
    if cfg.kinds:
        assign_kinds(cfg.profile, methods, used_rules)
    known = set(m.name for m in methods if m.is_array)
    for k in cfg.lengths:
        if k not in known:
            raise ConvertError('length given for %s, which is no array method of %s' % (k, header))
    infer_lengths(methods, cfg.lengths, warn)
    return methods


def build_config(args, profile_name=None):
    cfg = Config()
    prof = PROFILES.get(profile_name or args.profile or '', {})
    cfg.domain = args.domain or (profile_name or args.profile)
    cfg.profile = profile_name or args.profile
    # engine classes get method kinds; the host class's methods are the channel's
    cfg.kinds = bool(prof) and prof.get('min_offset', 0) >= 0x100
    cfg.class_id = args.class_id or prof.get('class_id')
    cfg.class_name = args.class_name or prof.get('class_name')
    cfg.min_offset = args.min_offset if args.min_offset is not None else prof.get('min_offset', 0)
    cfg.skip = list(prof.get('skip', [])) + list(args.skip)
    cfg.lengths = dict(prof.get('lengths', {}))
    cfg.lengths.update(dict(args.length))
    cfg.prefix = args.prefix
    cfg.doc = args.doc or prof.get('doc')
    if args.source:
        cfg.source = args.source
    elif prof:
        cfg.source = 'NVIDIA/open-gpu-doc %s' % prof['path']
        if args.commit:
            cfg.source += ' at commit %s' % args.commit
    else:
        cfg.source = None
    missing = [n for n in ('domain', 'class_id', 'class_name', 'source') if not getattr(cfg, n)]
    if missing:
        raise ConvertError('missing %s (give --profile or the options)' % ', '.join(missing))
    return cfg


def main(argv=None):
    ap = argparse.ArgumentParser(
        description='Convert an NVIDIA class header (e.g. clb197.h) into one rules-ng-ng '
                    '<domain> of methods at byte offsets, with bitfields and inline enum '
                    'values. Known classes: ' + ', '.join(sorted(PROFILES)) + '.',
        epilog='Examples: nvclass2rnn.py --profile NVB197 --commit <sha> clb197.h -o nvb197.xml; '
               'nvclass2rnn.py --all <open-gpu-doc checkout> --commit <sha> -O nouveau/registers')
    ap.add_argument('header', nargs='?', help='class header to convert')
    ap.add_argument('--profile', choices=sorted(PROFILES),
                    help='use the built-in settings for this class (domain name, class id, '
                         'skip patterns, array lengths)')
    ap.add_argument('--all', metavar='DIR',
                    help='convert every profiled class from an open-gpu-doc checkout DIR '
                         'into --outdir, one <domain>.xml (lower case) per class')
    ap.add_argument('-O', '--outdir', help='output directory for --all')
    ap.add_argument('--commit', help='open-gpu-doc commit the headers were read at (for the <doc>)')
    ap.add_argument('--prefix', help='define prefix (default: first NVxxxx_ seen)')
    ap.add_argument('--domain', help='domain name, e.g. NVB197 (default: the profile name)')
    ap.add_argument('--class-id', help='class id for the <doc>, e.g. 0xB197')
    ap.add_argument('--class-name', help='class name for the <doc>, e.g. MAXWELL_B')
    ap.add_argument('--source', help='where the header came from, for the <doc> '
                                     '(default with a profile: open-gpu-doc path and --commit)')
    ap.add_argument('--doc', help='sentence appended to the domain <doc>')
    ap.add_argument('--min-offset', type=lambda s: int(s, 0), default=None,
                    help='omit methods below this byte offset (profiles of engine classes use '
                         '0x100: their 0x000-0x0FC methods are host methods)')
    ap.add_argument('--skip', action='append', default=[],
                    help='regex on the name after the prefix; matching defines are ignored')
    ap.add_argument('--length', action='append', type=parse_length_opt, default=[],
                    metavar='NAME=N[,M][:note]',
                    help='array length(s) for method NAME instead of the gap inference; '
                         'the note is written next to the array')
    ap.add_argument('-o', '--output', help='output file (default: stdout)')
    ap.add_argument('--list', action='store_true',
                    help='print the parsed methods (offset, name, lengths) instead of XML')
    args = ap.parse_args(argv)

    def warn(msg):
        print('nvclass2rnn: warning: ' + msg, file=sys.stderr)

    jobs = []
    try:
        if args.all:
            if not args.outdir:
                raise ConvertError('--all needs --outdir')
            for name in sorted(PROFILES):
                header = '%s/%s' % (args.all.rstrip('/'), PROFILES[name]['path'])
                jobs.append((header, build_config(args, name),
                             '%s/%s.xml' % (args.outdir.rstrip('/'), name.lower())))
        else:
            if not args.header:
                raise ConvertError('no header given (or use --all)')
            jobs.append((args.header, build_config(args), args.output))
        used_rules = set()
        for header, cfg, out in jobs:
            methods = convert(header, cfg, warn, used_rules)
            if args.list:
                for m in methods:
                    extra = ''
                    if m.is_array:
                        extra = ' strides=%s lengths=%s' % (m.strides, m.lengths)
                    print('%s %s%s' % (hexs(m.offset), m.name, extra))
                continue
            text = emit_domain(cfg, methods, warn)
            if out:
                with open(out, 'w', encoding='utf-8') as fh:
                    fh.write(text)
            else:
                sys.stdout.write(text)
        unused = [KIND_RULES[i][1] for i in range(len(KIND_RULES)) if i not in used_rules]
        if args.all and unused:
            raise ConvertError('kind rules matching no method: %s' % ', '.join(unused))
    except (OSError, ConvertError) as e:
        print('nvclass2rnn: error: %s' % e, file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
