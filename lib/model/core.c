// SPDX-License-Identifier: MIT
/*
 * Core ioctls about the device and the file: VERSION, GET_UNIQUE, GET_CAP,
 * SET_CLIENT_CAP (drm_ioctl.c). Masters and authentication: auth.c.
 */
#include <errno.h>
#include <string.h>
#include <drm.h>

#include "model/model.h"

/* drm_copy_field: copy what fits, report the real length. */
static int copy_field(char *ubuf, __kernel_size_t *len, const char *value)
{
	size_t n = strlen(value);
	size_t copy = n < *len ? n : *len;

	*len = n;
	if (copy && ubuf)
		return model_copy_to_user(ubuf, value, copy);
	return 0;
}

int model_ioctl_version(struct model_file *file, void *data)
{
	const struct model_driver *drv = file->dev->driver;
	struct drm_version *v = data;
	struct model_version mv = { 0, 0, 0, "" };
	int err;

	drv->version(file->dev, &mv);
	v->version_major = mv.major;
	v->version_minor = mv.minor;
	v->version_patchlevel = mv.patchlevel;
	err = copy_field(v->name, &v->name_len, drv->name);
	/* 6.14 dropped drm_driver.date: the DRM core answers "0" for every driver */
	err = err ?: copy_field(v->date, &v->date_len,
				model_kernel_at_least(6, 14) ? "0" : mv.date);
	return err ?: copy_field(v->desc, &v->desc_len, drv->desc);
}

/* The master's unique name is empty on modern drivers (no SET_VERSION). */
int model_ioctl_get_unique(struct model_file *file, void *data)
{
	struct drm_unique *u = data;

	u->unique_len = 0;
	return 0;
}

/* Display capabilities: the model has no display, so these are defaults. */
static int kms_cap(struct model_device *dev, uint64_t cap, uint64_t *value)
{
	switch (cap) {
	case DRM_CAP_DUMB_BUFFER:
	case DRM_CAP_VBLANK_HIGH_CRTC:
	case DRM_CAP_CRTC_IN_VBLANK_EVENT:
		*value = 1;
		return 0;
	case DRM_CAP_DUMB_PREFERRED_DEPTH:
		*value = 24;
		return 0;
	case DRM_CAP_CURSOR_WIDTH:
	case DRM_CAP_CURSOR_HEIGHT:
		*value = 64;
		return 0;
	case DRM_CAP_DUMB_PREFER_SHADOW:
	case DRM_CAP_ASYNC_PAGE_FLIP:
	case DRM_CAP_PAGE_FLIP_TARGET:
	case DRM_CAP_ADDFB2_MODIFIERS:
		*value = 0;
		return 0;
	default:
		return -EINVAL;
	}
}

/* drm_getcap: render-relevant caps first, the rest only for KMS drivers. */
int model_ioctl_get_cap(struct model_file *file, void *data)
{
	struct drm_get_cap *req = data;
	struct model_device *dev = file->dev;

	req->value = 0;
	switch (req->capability) {
	case DRM_CAP_TIMESTAMP_MONOTONIC:
		req->value = 1;
		return 0;
	case DRM_CAP_PRIME:
		req->value = DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT;
		return 0;
	case DRM_CAP_SYNCOBJ:
		req->value = model_has_feature(dev, MODEL_FEAT_SYNCOBJ);
		return 0;
	case DRM_CAP_SYNCOBJ_TIMELINE:
		req->value = model_has_feature(dev, MODEL_FEAT_SYNCOBJ_TIMELINE);
		return 0;
	}
	if (!model_has_feature(dev, MODEL_FEAT_MODESET))
		return -EOPNOTSUPP;
	return kms_cap(dev, req->capability, (uint64_t *)&req->value);
}

static int bool_cap(uint64_t value, bool *slot)
{
	if (value > 1)
		return -EINVAL;
	*slot = value;
	return 0;
}

/* drm_setclientcap: every settable cap is a KMS one. */
int model_ioctl_set_client_cap(struct model_file *file, void *data)
{
	struct drm_set_client_cap *req = data;
	struct model_device *dev = file->dev;

	if (!model_has_feature(dev, MODEL_FEAT_MODESET))
		return -EOPNOTSUPP;
	switch (req->capability) {
	case DRM_CLIENT_CAP_STEREO_3D:
	case DRM_CLIENT_CAP_UNIVERSAL_PLANES:
	case DRM_CLIENT_CAP_ASPECT_RATIO:
		return bool_cap(req->value, &file->client_caps[req->capability]);
	case DRM_CLIENT_CAP_ATOMIC:
		if (!model_has_feature(dev, MODEL_FEAT_ATOMIC))
			return -EOPNOTSUPP;
		if (req->value > 2)
			return -EINVAL;
		file->client_caps[DRM_CLIENT_CAP_ATOMIC] = req->value;
		file->client_caps[DRM_CLIENT_CAP_UNIVERSAL_PLANES] = req->value;
		file->client_caps[DRM_CLIENT_CAP_ASPECT_RATIO] = req->value;
		return 0;
	case DRM_CLIENT_CAP_WRITEBACK_CONNECTORS:
		if (!file->client_caps[DRM_CLIENT_CAP_ATOMIC])
			return -EINVAL;
		return bool_cap(req->value, &file->client_caps[req->capability]);
	default:
		return -EINVAL;
	}
}
