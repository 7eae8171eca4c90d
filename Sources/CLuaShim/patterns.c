/*
 * patterns.c: Lua 5.4's pattern functions (string.find, match, gmatch, gsub) with a matcher
 * that charges its work to the instruction budget, so no pattern can run for long.
 * (Placeholder: keeps the standard functions until the bounded matcher lands.)
 */
#include "CLuaShim.h"

int hub_openpatterns(lua_State *L) {
    (void)L;
    return 0;
}
