// libFuzzer's driver entry point (compiler-rt, FuzzerInterface.h), declared here so the Swift
// fuzz targets can call it from their own `main`: SwiftPM links every executable with
// `--defsym main=<module>_main`, so libFuzzer's `main` cannot be the entry point.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
