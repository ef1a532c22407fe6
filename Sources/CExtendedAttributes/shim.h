#ifndef STORMRANGE_CEXTENDEDATTRIBUTES_SHIM_H
#define STORMRANGE_CEXTENDEDATTRIBUTES_SHIM_H
// listxattr(2), getxattr(2) and setxattr(2), in the C library but not in Swift's Glibc module.
#include <sys/types.h>
#include <sys/xattr.h>
#endif
