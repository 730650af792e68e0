#include "ops/thing.h"
