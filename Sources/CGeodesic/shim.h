#ifndef STORMRANGE_CGEODESIC_SHIM_H
#define STORMRANGE_CGEODESIC_SHIM_H
// Karney's geodesics on the ellipsoid, from PROJ (Debian: libproj-dev for geodesic.h, and libproj25
// at run time), for the range and bearing of a located strike.
//
// Not linked: loaded with dlopen(3) the first time a located strike is measured. Linking it loads
// libproj and some forty libraries it needs (libcurl, GnuTLS, SQLite, libtiff, Kerberos…) into
// every stormrange process: measured on 2026-11-27 with LD_PRELOAD of libproj.so.25, the median of
// 40 runs of `stormrange help` went from 8 to 24 ms. As with libmosquitto (Sources/CMosquitto), the
// header still gives every function's type, so the compiler checks each call as if it were linked.
#include <dlfcn.h>
#include <stddef.h>
#include <geodesic.h>

/// The functions stormrange calls, each with the type the header declares.
struct stormrange_geodesic {
  __typeof__(&geod_init) init_ellipsoid;
  __typeof__(&geod_inverse) inverse;
};

/// Loads `library` (never unloaded) and fills `functions`. Returns NULL, or what failed: dlerror's
/// text, or the name of a function the library lacks.
static inline const char *stormrange_geodesic_load(const char *library, struct stormrange_geodesic *functions) {
  void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *error = dlerror();
    return error ? error : library;
  }
  if (!(functions->init_ellipsoid = (__typeof__(functions->init_ellipsoid))dlsym(handle, "geod_init"))) {
    return "geod_init";
  }
  if (!(functions->inverse = (__typeof__(functions->inverse))dlsym(handle, "geod_inverse"))) {
    return "geod_inverse";
  }
  return NULL;
}

#endif
