#ifndef ROAM_CNGHTTP2_SHIM_H
#define ROAM_CNGHTTP2_SHIM_H
// nghttp2, the HTTP/2 library behind curl, Apache and Node's http2 (Debian's libnghttp2-dev).
#include <nghttp2/nghttp2.h>
#endif
