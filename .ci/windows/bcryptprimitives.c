/* A stand-in bcryptprimitives.dll for Wine before 8.13 (Debian 12 ships 8.0).
 *
 * Rust's standard library (1.78 and later) imports ProcessPrng from
 * bcryptprimitives.dll to seed HashMap keys and the like; older Wine has no
 * such DLL, so every Rust program fails to start. This one exports
 * ProcessPrng over advapi32's SystemFunction036 (RtlGenRandom), which old
 * Wine has. CI builds it with mingw and puts it on WINEPATH:
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll \
 *       bcryptprimitives.c bcryptprimitives.def -ladvapi32
 *
 * Not for real Windows, which has its own bcryptprimitives.dll. */
#include <windows.h>

typedef BOOLEAN(WINAPI *gen_random)(PVOID buffer, ULONG length);

/* ProcessPrng: fills `data` with `len` random bytes; always TRUE, as on
 * Windows. RtlGenRandom takes a ULONG length, so fill in pieces. */
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    static gen_random rtl_gen_random;
    if (!rtl_gen_random) {
        HMODULE advapi = LoadLibraryA("advapi32.dll");
        rtl_gen_random = (gen_random)(void *)GetProcAddress(advapi, "SystemFunction036");
        if (!rtl_gen_random) {
            return FALSE;
        }
    }
    while (len > 0) {
        ULONG piece = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!rtl_gen_random(data, piece)) {
            return FALSE;
        }
        data += piece;
        len -= piece;
    }
    return TRUE;
}
