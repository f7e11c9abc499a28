package measure

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdlib.h>

// measure_dlopen loads path with every symbol resolved now and kept local.
static void *measure_dlopen(const char *path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }
*/
import "C"

import (
	"errors"
	"unsafe"
)

// dlerror is the last dynamic-loader error message.
func dlerror() error {
	if msg := C.dlerror(); msg != nil {
		return errors.New(C.GoString(msg))
	}
	return errors.New("unknown dynamic loader error")
}

// dlopen loads a shared object.
func dlopen(path string) (unsafe.Pointer, error) {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	h := C.measure_dlopen(cpath)
	if h == nil {
		return nil, dlerror()
	}
	return h, nil
}

// dlsym finds a symbol's address in a loaded object.
func dlsym(h unsafe.Pointer, name string) (uintptr, error) {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	C.dlerror() // clear, so a nil result can be told from an error
	p := C.dlsym(h, cname)
	if p == nil {
		return 0, dlerror()
	}
	return uintptr(p), nil
}

// dlclose unloads an object.
func dlclose(h unsafe.Pointer) error {
	if C.dlclose(h) != 0 {
		return dlerror()
	}
	return nil
}
