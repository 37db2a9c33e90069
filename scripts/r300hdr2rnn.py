#!/usr/bin/env python3
"""r300hdr2rnn.py - helpers for the radeon R300 rules-ng-ng register files.

Sub-commands
  seed   SEED.txt  > OUT.xml
         Transcribe a (possibly line-flattened) R300 C register header, such as
         seed 003 (the 2004 reverse-engineered r300_reg.h posted to a mailing
         list), into a rules-ng-ng database.  Every #define becomes either a
         reg32 (a register offset), an enum value (a field value, kept with the
         seed's own shift applied as written), or a bitfield.  Names are kept
         verbatim; trailing comments go into <doc>.  Nothing is corrected.

  check  FILE.xml [--hdr HEADER ...] [--regsrc REG_SRCS_FILE ...]
         Lint a database against the subset the drmsub loader supports
         (elements, attributes, C identifiers, unique names, bit ranges, enum
         values fitting their fields) and, when headers are given, cross-check
         every reg32/array offset against #defines of the same name (with the
         R300_/R400_/R500_/RV530_/RADEON_ prefixes tried) and against the
         kernel reg_srcs safe lists.  Exit status 1 on lint errors.

Only the Python standard library is used.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

NS = "{http://nouveau.freedesktop.org/}"
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")

ALLOWED = {
    "database": set(),
    "import": {"file"},
    "doc": set(),
    "enum": {"name", "varset"},
    "value": {"name", "value", "variants"},
    "bitset": {"name", "inline"},
    "domain": {"name", "width", "size", "prefix", "varset", "variants"},
    "reg32": {"name", "offset", "type", "variants", "shr", "stride", "length"},
    "reg64": {"name", "offset", "type", "variants", "shr", "stride", "length"},
    "array": {"name", "offset", "stride", "length", "variants"},
    "stripe": {"offset", "stride", "length", "prefix", "variants"},
    "bitfield": {"name", "low", "high", "pos", "type", "shr", "variants", "radix"},
}
BASIC_TYPES = {"uint", "int", "hex", "boolean", "float", "fixed", "ufixed"}


# --------------------------------------------------------------------------
# seed transcription
# --------------------------------------------------------------------------

def _esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _split_defines(text):
    """Tokenize a header whose line breaks may have been lost (seed 003 is one
    long line).  Returns a list of items:
        ['define', name, value_text, trailing_text]
        ['comment', text, style]      style is '//' or '/*'
        ['text', text]
    A '//' comment ends at a real newline, or at the next '#define', '//' or
    '/*' when the newline was lost."""
    text = text.replace("\r", "")
    pos = 0
    out = []
    n = len(text)
    marker = re.compile(r"#\s*define\s+|//|/\*")
    while pos < n:
        m = marker.search(text, pos)
        if not m:
            rest = text[pos:].strip()
            if rest:
                out.extend(["text", l.strip()] for l in rest.split("\n") if l.strip())
            break
        pre = text[pos:m.start()].strip()
        if pre:
            out.extend(["text", l.strip()] for l in pre.split("\n") if l.strip())
        tok = m.group(0)
        if tok == "/*":
            e = text.find("*/", m.end())
            e = n if e < 0 else e
            out.append(["comment", text[m.end():e].strip(), "/*"])
            pos = e + 2
            continue
        # '//' comment or '#define': body runs to the next marker or newline
        nxt = marker.search(text, m.end())
        stop = nxt.start() if nxt else n
        nl = text.find("\n", m.end())
        if tok == "//" and 0 <= nl < stop:
            stop = nl
        body = text[m.end():stop]
        if tok == "//":
            out.append(["comment", body.strip(), "//"])
        else:
            mm = re.match(r"\s*(\w+)\s+(\([^)]*\)|0x[0-9a-fA-F]+|\d+)(.*)$", body, re.S)
            if mm:
                out.append(["define", mm.group(1), mm.group(2).strip(), mm.group(3).strip()])
            else:
                out.append(["text", "#define " + body.strip()])
        pos = stop
    return out


SECTION_WORDS = ("BEGIN", "END", "Notes", "gap", "the following")


def seed_defines(path):
    """Parse the seed into (intro, defines, tail_text).  Each define gets
    'doc' (its same-line comment) and 'notes' (free-standing comments that
    precede it).  A '//' comment right after a define's value is taken as that
    define's same-line comment unless it opens a section (BEGIN/END/Notes...);
    '/* */' comments in this seed are standalone lines and become notes."""
    raw = open(path, encoding="utf-8", errors="replace").read()
    start = min(p for p in (raw.find("//"), raw.find("#define")) if p >= 0)
    intro = raw[:start].strip()
    items = _split_defines(raw[start:])
    defines, notes, tail = [], [], []
    prev_was_define = False
    for it in items:
        if it[0] == "define":
            d = {"name": it[1], "expr": it[2], "doc": it[3], "notes": notes}
            defines.append(d)
            notes = []
            prev_was_define = True
            continue
        if it[0] == "comment":
            txt, style = it[1], it[2]
            if style == "//" and prev_was_define and defines and not defines[-1]["doc"] \
                    and not txt.startswith(SECTION_WORDS):
                defines[-1]["doc"] = txt
            else:
                notes.append(txt)
        else:
            notes.append(it[1])
        prev_was_define = False
    tail = notes
    return intro, defines, tail


def _eval_value(expr):
    """Return (int value, value_part, shift) for '(N << S)', 'N', '0x..'."""
    e = expr.strip()
    m = re.fullmatch(r"\(\s*(0x[0-9a-fA-F]+|\d+)\s*<<\s*(\d+)\s*\)", e)
    if m:
        v = int(m.group(1), 0)
        s = int(m.group(2))
        return v << s, v, s
    m = re.fullmatch(r"(0x[0-9a-fA-F]+|\d+)", e)
    if m:
        return int(e, 0), int(e, 0), 0
    return None


def _field_enum(regex, enum, what, mask, high, low):
    """A SEED_ENUMS row for the values of a field the seed defines a mask for:
    the values are stored unshifted, so the shift is the field's low bit."""
    return (regex, enum, low,
            "Seed claim: %s (field %s, bits %d:%d)." % (what, mask, high, low))


# Seed-003 grouping table.  kind 'enum': the define is a field value; the
# enum stores the unshifted value (the field value the seed claims), the
# expression as written goes to <doc>.  kind 'field': the define is a mask /
# flag / shift describing a field of a bitset.  kind 'const': a plain
# constant (kept as an enum value, e.g. shift amounts already represented by
# a mask field).
SEED_ENUMS = [
    _field_enum(r"R300_ALPHA_TEST_(FAIL|LESS|LEQUAL|EQUAL|GEQUAL|GREATER|NEQUAL|PASS)$",
                "r300_seed_alpha_test_op", "R300_PP_ALPHA_TEST comparison",
                "R300_ALPHA_TEST_OP_MASK", 10, 8),
    _field_enum(r"R300_COMB_FCN_\w+$", "r300_seed_comb_fcn", "blend combine function",
                "R300_FCN_MASK", 13, 12),
    _field_enum(r"R300_SRC_BLEND_GL_\w+$", "r300_seed_src_blend", "source blend factor",
                "R300_SRC_BLEND_MASK", 21, 16),
    _field_enum(r"R300_DST_BLEND_GL_\w+$", "r300_seed_dst_blend", "destination blend factor",
                "R300_DST_BLEND_MASK", 29, 24),
    (r"R300_VPI_OUT_OP_\w+$", "r300_seed_vpi_out_op", 0,
     "Seed claim: vertex program opcode in dword 0 starting at bit 0 (the seed defines no mask for it)."),
    _field_enum(r"R300_VPI_OUT_REG_CLASS_(TEMPORARY|RESULT)$", "r300_seed_vpi_out_reg_class",
                "destination register class", "R300_VPI_OUT_REG_CLASS_MASK", 12, 8),
    _field_enum(r"R300_VPI_IN_REG_CLASS_(TEMPORARY|ATTRIBUTE|PARAMETER|NONE)$",
                "r300_seed_vpi_in_reg_class", "source register class",
                "R300_VPI_IN_REG_CLASS_MASK", 4, 0),
    (r"R300_VPI_IN_SELECT_(X|Y|Z|W|ZERO|ONE)$", "r300_seed_vpi_in_select", 0,
     "Seed claim: source component select (3 bits at R300_VPI_IN_[XYZW]_SHIFT)."),
    (r"R300_VPI_(OUT|IN)_REG_INDEX_SHIFT$|R300_VPI_IN_SELECT_MASK$", "r300_seed_vpi_constants", 0,
     "Seed constants that are not field values: shift amounts whose fields are given by the "
     "corresponding _MASK defines, and the width mask of a component select."),
]

SEED_FIELDS = [
    # (name regex, bitset, type or None, explicit (low, high) or None, bitset doc)
    (r"R300_(REF_ALPHA_MASK|ALPHA_TEST_ENABLE)$", "r300_seed_pp_alpha_test", None, None,
     "Seed claim: R300_PP_ALPHA_TEST (0x4BD4) layout."),
    (r"R300_ALPHA_TEST_OP_MASK$", "r300_seed_pp_alpha_test", "r300_seed_alpha_test_op", None, None),
    (r"R300_(BLEND_ENABLE|BLEND_UNKNOWN|BLEND_NO_SEPARATE)$", "r300_seed_blend", None, None,
     "Seed claim: R300_RB3D_CBLEND (0x4E04) / R300_RB3D_ABLEND (0x4E08) layout; the seed says "
     "R300_BLEND_ENABLE, R300_BLEND_UNKNOWN and R300_BLEND_NO_SEPARATE appear only in CBLEND."),
    (r"R300_FCN_MASK$", "r300_seed_blend", "r300_seed_comb_fcn", None, None),
    (r"R300_SRC_BLEND_MASK$", "r300_seed_blend", "r300_seed_src_blend", None, None),
    (r"R300_DST_BLEND_MASK$", "r300_seed_blend", "r300_seed_dst_blend", None, None),
    (r"R300_COLORMASK0_[BGRA]$", "r300_seed_colormask", None, None,
     "Seed claim: R300_RB3D_COLORMASK (0x4E0C) layout."),
    (r"R300_VPI_OUT_REG_CLASS_MASK$", "r300_seed_vpi_out", "r300_seed_vpi_out_reg_class", None,
     "Seed claim: vertex program instruction dword 0 (output and opcode)."),
    (r"R300_VPI_OUT_(REG_INDEX_MASK|WRITE_[XYZW])$", "r300_seed_vpi_out", None, None, None),
    (r"R300_VPI_IN_REG_CLASS_MASK$", "r300_seed_vpi_in", "r300_seed_vpi_in_reg_class", None,
     "Seed claim: vertex program instruction dwords 1-3 (arguments)."),
    (r"R300_VPI_IN_(REG_INDEX_MASK|NEG_[XYZW])$", "r300_seed_vpi_in", None, None, None),
    (r"R300_VPI_IN_[XYZW]_SHIFT$", "r300_seed_vpi_in", "r300_seed_vpi_in_select", 3, None),
]

SEED_REG_TYPES = {
    "R300_PP_ALPHA_TEST": "r300_seed_pp_alpha_test",
    "R300_RB3D_CBLEND": "r300_seed_blend",
    "R300_RB3D_ABLEND": "r300_seed_blend",
    "R300_RB3D_COLORMASK": "r300_seed_colormask",
}


def _doc_of(d):
    parts = [x for x in d["notes"] if x] + ([d["doc"]] if d["doc"] else [])
    return " | ".join(parts)


def classify_seed(defines):
    regs, enums, bitsets = [], {}, {}
    unplaced = []
    for d in defines:
        name, expr = d["name"], d["expr"]
        ev = _eval_value(expr)
        doc = _doc_of(d)
        if ev is None:
            unplaced.append(d)
            continue
        full, part, shift = ev
        if re.fullmatch(r"0x[0-9a-fA-F]{4}", expr):
            regs.append({"name": name, "value": full, "doc": doc, "type": SEED_REG_TYPES.get(name)})
            continue
        placed = False
        for rx, g, gshift, gdoc in SEED_ENUMS:
            if re.match(rx, name):
                e = enums.setdefault(g, {"name": g, "doc": gdoc, "values": []})
                val = full >> gshift
                if val << gshift != full:
                    val = full
                wr = "as written: %s" % expr
                e["values"].append({"name": name, "value": val, "doc": (doc + " | " + wr) if doc else wr})
                placed = True
                break
        if placed:
            continue
        for rx, g, typ, width, gdoc in SEED_FIELDS:
            if re.match(rx, name):
                b = bitsets.setdefault(g, {"name": g, "doc": None, "fields": []})
                if gdoc:
                    b["doc"] = gdoc
                if width:           # a shift define: field of given width at that shift
                    lo, hi = full, full + width - 1
                    wr = "as written: %s (a shift; width from R300_VPI_IN_SELECT_MASK)" % expr
                else:
                    lo = (full & -full).bit_length() - 1
                    hi = full.bit_length() - 1
                    wr = "as written: %s" % expr
                b["fields"].append({"name": name, "low": lo, "high": hi, "type": typ,
                                    "doc": (doc + " | " + wr) if doc else wr})
                placed = True
                break
        if not placed:
            unplaced.append(d)
    if unplaced:
        raise SystemExit("seed defines not placed: " + ", ".join(d["name"] for d in unplaced))
    order = [g for _, g, _, _ in SEED_ENUMS]
    return regs, [enums[g] for g in order if g in enums], list(bitsets.values())


def cmd_seed(argv):
    if len(argv) != 1:
        sys.exit("usage: r300hdr2rnn.py seed SEED.txt > OUT.xml")
    intro, defines, tail = seed_defines(argv[0])
    sys.stdout.write(render_seed(argv[0], intro, defines, tail))


def render_seed(path, intro, defines, tail):
    base = os.path.basename(path)
    regs, enums, fields = classify_seed(defines)
    o = []
    o.append('<?xml version="1.0" encoding="UTF-8"?>')
    o.append('<database xmlns="http://nouveau.freedesktop.org/">')
    o.append("<!--")
    o.append("  THESE ARE CLAIMS TO BE VERIFIED, NOT TRUTH.")
    o.append("")
    o.append("  Transcription of seed %s: an R300 register header from 2004, found by" % base)
    o.append("  reverse engineering (diffing fglrx command buffers), posted with a mailing-list message.")
    o.append("  Names, offsets and values are kept as the seed writes them, including values that later")
    o.append("  sources contradict (see ../README.md); nothing was corrected.  Enum values are the field")
    o.append("  values the seed claims (its shifted expression is kept in each <doc>); bitfields come from")
    o.append("  its _MASK / flag / _SHIFT defines.  Seed comments are kept in <doc> (' | ' joins lines).")
    o.append("  Verified databases: ../r300.xml, ../r300_pvs.xml.")
    o.append("  Generated by: python3 scripts/r300hdr2rnn.py seed shared/seeds/%s" % base)
    o.append("-->")
    o.append("")
    o.append("<doc>%s</doc>" % _esc(intro))
    for e in enums:
        o.append("")
        o.append('<enum name="%s">' % e["name"])
        o.append("\t<doc>%s</doc>" % _esc(e["doc"]))
        for v in e["values"]:
            o.append('\t<value name="%s" value="0x%x"><doc>%s</doc></value>' % (v["name"], v["value"], _esc(v["doc"])))
        o.append("</enum>")
    for b in fields:
        o.append("")
        o.append('<bitset name="%s">' % b["name"])
        if b.get("doc"):
            o.append("\t<doc>%s</doc>" % _esc(b["doc"]))
        for f in b["fields"]:
            attrs = ('low="%d" high="%d"' % (f["low"], f["high"])) if f["high"] != f["low"] \
                else 'pos="%d"' % f["low"]
            typ = (' type="%s"' % f["type"]) if f.get("type") else ""
            o.append('\t<bitfield name="%s" %s%s><doc>%s</doc></bitfield>' % (f["name"], attrs, typ, _esc(f["doc"])))
        o.append("</bitset>")
    o.append("")
    o.append('<domain name="R300_SEED_2004" width="32">')
    o.append("\t<doc>Registers as claimed by the seed (byte offsets as written there).</doc>")
    for r in regs:
        typ = (' type="%s"' % r["type"]) if r.get("type") else ""
        if r["doc"]:
            o.append('\t<reg32 name="%s" offset="0x%04x"%s><doc>%s</doc></reg32>' % (r["name"], r["value"], typ, _esc(r["doc"])))
        else:
            o.append('\t<reg32 name="%s" offset="0x%04x"%s/>' % (r["name"], r["value"], typ))
    o.append("</domain>")
    if tail:
        o.append("")
        o.append("<!-- Seed text after the last #define: %s -->" % _esc(" | ".join(tail)).replace("--", "- -"))
    o.append("")
    o.append("</database>")
    return "\n".join(o) + "\n"


# --------------------------------------------------------------------------
# check
# --------------------------------------------------------------------------

def _int(s):
    return int(s, 0)


def header_defines(paths):
    d = {}
    for p in paths:
        for line in open(p, encoding="utf-8", errors="replace"):
            line = re.sub(r"/\*.*?\*/|//.*", "", line)
            m = re.match(r"\s*#\s*define\s+(\w+)\s+\(?\s*(0x[0-9a-fA-F]+|\d+)\s*\)?\s*$", line)
            if m:
                d.setdefault(m.group(1), set()).add(int(m.group(2), 0))
    return d


def regsrc_names(paths):
    by_name, by_off = {}, {}
    for p in paths:
        lines = open(p).read().split("\n")
        for l in lines[1:]:
            f = l.split()
            if len(f) >= 2:
                off = int(f[0], 16)
                by_name.setdefault(f[1], set()).add(off)
                by_off.setdefault(off, set()).add(f[1])
    return by_name, by_off


class Checker:
    def __init__(self):
        self.err = []
        self.warn = []
        self.enums = {}
        self.bitsets = {}
        self.value_names = {}
        self.regs = []  # (domain, fullname, offset, variants)

    def e(self, msg):
        self.err.append(msg)

    def load(self, path, seen=None):
        seen = seen if seen is not None else set()
        path = os.path.abspath(path)
        if path in seen:
            return
        seen.add(path)
        root = ET.parse(path).getroot()
        if root.tag != NS + "database":
            self.e("%s: root is not <database> in the rules-ng namespace" % path)
        for imp in root.findall(NS + "import"):
            self.load(os.path.join(os.path.dirname(path), imp.get("file")), seen)
        self.walk_syntax(root, path)
        for en in root.findall(NS + "enum"):
            self.enums[en.get("name")] = en
            for v in en.findall(NS + "value"):
                n = v.get("name")
                if n in self.value_names and self.value_names[n] != en.get("name"):
                    self.e("%s: enum value name %s used in enums %s and %s" % (path, n, self.value_names[n], en.get("name")))
                self.value_names[n] = en.get("name")
        for bs in root.findall(NS + "bitset"):
            self.bitsets[bs.get("name")] = bs
        self.files = getattr(self, "files", []) + [(path, root)]

    def walk_syntax(self, el, path):
        tag = el.tag.replace(NS, "")
        if tag not in ALLOWED:
            self.e("%s: element <%s> not in the supported subset" % (path, tag))
            return
        for a in el.attrib:
            if a not in ALLOWED[tag]:
                self.e("%s: <%s name=%s> attribute %s not supported" % (path, tag, el.get("name"), a))
        if "name" in el.attrib and not IDENT.match(el.get("name")):
            self.e("%s: <%s> name %r is not a C identifier" % (path, tag, el.get("name")))
        for a in ("offset", "value", "stride"):
            v = el.get(a)
            if v is not None and not re.fullmatch(r"0x[0-9a-f]+", v):
                self.e("%s: <%s name=%s> %s=%r is not lower-case hex with 0x" % (path, tag, el.get("name"), a, v))
        for c in el:
            self.walk_syntax(c, path)

    def field_bits(self, f):
        if f.get("pos") is not None:
            lo = hi = int(f.get("pos"))
        else:
            lo, hi = int(f.get("low")), int(f.get("high"))
        return lo, hi

    def check_fields(self, where, holder, width=32):
        names = set()
        used = []
        for f in holder.findall(NS + "bitfield"):
            n = f.get("name")
            if n in names:
                self.e("%s: duplicate bitfield %s" % (where, n))
            names.add(n)
            if f.get("pos") is None and (f.get("low") is None or f.get("high") is None):
                self.e("%s.%s: needs pos or low+high" % (where, n))
                continue
            lo, hi = self.field_bits(f)
            if not (0 <= lo <= hi < width):
                self.e("%s.%s: bad bit range %d..%d" % (where, n, lo, hi))
            var = f.get("variants")
            for (ulo, uhi, un, uvar) in used:
                if lo <= uhi and ulo <= hi and (var is None or uvar is None or var == uvar):
                    self.e("%s: fields %s and %s overlap without disjoint variants" % (where, un, n))
            used.append((lo, hi, n, var))
            t = f.get("type")
            if t and t not in BASIC_TYPES and t not in self.enums and t not in self.bitsets:
                self.e("%s.%s: unknown type %s" % (where, n, t))
            if t in self.enums:
                for v in self.enums[t].findall(NS + "value"):
                    if _int(v.get("value")) >> (hi - lo + 1):
                        self.e("%s.%s: enum %s value %s=%s does not fit %d bits" % (
                            where, n, t, v.get("name"), v.get("value"), hi - lo + 1))
            vals = f.findall(NS + "value")
            for v in vals:
                if _int(v.get("value")) >> (hi - lo + 1):
                    self.e("%s.%s: inline value %s does not fit" % (where, n, v.get("name")))

    def check_all(self):
        for path, root in self.files:
            for bs in root.findall(NS + "bitset"):
                self.check_fields("bitset " + bs.get("name"), bs)
            for dom in root.findall(NS + "domain"):
                self.check_domain(dom)

    def check_domain(self, dom):
        dname = dom.get("name")
        seen = {}

        def visit(el, base, prefix):
            for c in el:
                tag = c.tag.replace(NS, "")
                if tag in ("reg32", "reg64"):
                    n = prefix + c.get("name")
                    if n in seen:
                        self.e("domain %s: duplicate register name %s" % (dname, n))
                    seen[n] = 1
                    off = base + _int(c.get("offset"))
                    t = c.get("type")
                    if t and t not in BASIC_TYPES and t not in self.enums and t not in self.bitsets:
                        self.e("%s.%s: unknown type %s" % (dname, n, t))
                    if t and c.findall(NS + "bitfield"):
                        self.e("%s.%s: has both type= and inline bitfields" % (dname, n))
                    self.check_fields("%s.%s" % (dname, n), c, 64 if tag == "reg64" else 32)
                    self.regs.append((dname, n, off, c.get("variants"), c.get("length"), c.get("stride")))
                elif tag == "array":
                    n = prefix + c.get("name")
                    if n in seen:
                        self.e("domain %s: duplicate array name %s" % (dname, n))
                    seen[n] = 1
                    self.regs.append((dname, n, base + _int(c.get("offset")), c.get("variants"),
                                      c.get("length"), c.get("stride")))
                    visit(c, base + _int(c.get("offset")), n + ".")
                elif tag == "stripe":
                    visit(c, base + _int(c.get("offset") or "0x0"), prefix)
        visit(dom, 0, "")

    def cross_check(self, hdr, rs_name, rs_off):
        prefixes = ["R300_", "R400_", "R500_", "RV530_", "RADEON_", ""]
        report = []
        for (dname, n, off, var, length, stride) in self.regs:
            if "." in n:
                continue
            base = re.sub(r"^R500_", "", n)
            found = []
            for p in prefixes:
                for cand in (p + n, p + base, p + n + "_0", p + base + "_0"):
                    if cand in hdr:
                        found.append((cand, hdr[cand]))
            for cand in (base, base + "_0", base + "_R3", base + "_0_X"):
                if cand in rs_name:
                    found.append(("reg_srcs:" + cand, rs_name[cand]))
            if not found:
                names = rs_off.get(off)
                report.append("UNNAMED-IN-SOURCES %s.%s @0x%04x%s" % (
                    dname, n, off, (" (reg_srcs has %s at that offset)" % ",".join(sorted(names))) if names else ""))
                continue
            ok = any(off in vals for _, vals in found)
            if not ok:
                report.append("OFFSET-MISMATCH %s.%s @0x%04x vs %s" % (
                    dname, n, off, ", ".join("%s=%s" % (c, "/".join(hex(x) for x in sorted(v))) for c, v in found)))
        return report


def cmd_check(argv):
    files, hdrs, rss = [], [], []
    mode = None
    for a in argv:
        if a == "--hdr":
            mode = "h"
        elif a == "--regsrc":
            mode = "r"
        elif mode == "h":
            hdrs.append(a)
        elif mode == "r":
            rss.append(a)
        else:
            files.append(a)
    rc = 0
    for f in files:
        c = Checker()
        c.load(f)
        c.check_all()
        own = {d.get("name") for d in c.files[-1][1].findall(NS + "domain")}
        nreg = len([r for r in c.regs if "." not in r[1] and r[0] in own])
        print("%s: %d lint errors, %d top-level registers/arrays in its own domains" % (f, len(c.err), nreg))
        for m in c.err:
            print("  ERROR " + m)
        if c.err:
            rc = 1
        if hdrs or rss:
            hdr = header_defines(hdrs)
            rn, ro = regsrc_names(rss)
            for line in c.cross_check(hdr, rn, ro):
                print("  " + line)
    return rc


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("seed", "check"):
        sys.exit(__doc__)
    if sys.argv[1] == "seed":
        cmd_seed(sys.argv[2:])
    else:
        sys.exit(cmd_check(sys.argv[2:]))


if __name__ == "__main__":
    main()
