// Only the header matters: this module exists to declare LLVMFuzzerRunDriver to Swift.
#include "FuzzDriver.h"
