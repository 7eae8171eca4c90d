#include "CLuaShim.h"

/* The metamethods of bridged classes. Keys are looked up in Lua tables built once per class,
   so that finding a method never leaves C, and Swift gets a property's slot as an integer
   instead of building a String and hashing it on every access. */

int hub_class_index(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(3)) == LUA_TNIL) return 1;
    return hub_trampoline(L);
}

int hub_class_newindex(lua_State *L) {
    lua_settop(L, 3);
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(2));
    return hub_trampoline(L);
}
