void shim_free(void *p) {}
