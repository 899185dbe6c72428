// The reference Argon2 implementation (P-H-C/phc-winner-argon2), from Debian's libargon2-dev.
#include <argon2.h>
