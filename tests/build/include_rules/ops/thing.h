#include "model/value.h"
