// @aristo intent("The C shim never frees the buffer.", verify = false, id = "ffi_docs")
void shim_free(void *p) {}
