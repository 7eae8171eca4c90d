-- luacheck settings for feature scripts (Scripts/test runs `luacheck --config Examples/.luacheckrc
-- Examples`; luacheck looks for .luacheckrc in the directory it runs in, not in the one it checks).
-- Lua 5.4, with the `hub` table read-only, and without what the sandbox leaves out
-- (docs/limits.md): a feature that reaches for `io` or `debug` would fail when it runs.
std = "lua54"
read_globals = { "hub" }
not_globals = { "io", "debug", "package", "dofile", "loadfile", "collectgarbage" }

-- The annotations for the language server declare `hub` rather than use it.
exclude_files = { "**/.hub" }
