# lib/device: device discovery through libdrm, IGT_DEVICE filters, libkmod.
$(eval $(call drmsub_archive,device,$(wildcard lib/device/*.c)))
