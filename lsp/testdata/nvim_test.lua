-- Drives Neovim's built-in LSP client against `skillstudio lsp`:
-- open a broken SKILL.md, read the diagnostics, apply the fix the server
-- offers, and see its diagnostic clear. Run headless:
--   nvim --headless --clean -c "luafile nvim_test.lua"  (see nvim_test.go)
-- Prints "OK" and quits 0, or prints what failed and quits 1.
local bin, root, file = os.getenv("SKILLSTUDIO_BIN"), os.getenv("SKILLSTUDIO_ROOT"), os.getenv("SKILLSTUDIO_FILE")
local rule = "skillmd/description-colon"

local function fail(msg)
  io.stdout:write("FAIL: " .. msg .. "\n")
  vim.cmd("cquit 1")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({ name = "skillstudio", cmd = { bin, "lsp" }, root_dir = root })
if not client_id then fail("the server did not start") end
vim.lsp.buf_attach_client(buf, client_id)

local function find(code)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == code then return d end
  end
end

if not vim.wait(20000, function() return find(rule) ~= nil end, 20) then
  fail("no " .. rule .. " diagnostic; got " .. vim.inspect(vim.diagnostic.get(buf)))
end
local d = find(rule)
if not find("skillmd/name") then fail("no skillmd/name diagnostic") end

local client = vim.lsp.get_client_by_id(client_id)
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = { start = { line = d.lnum, character = 0 }, ["end"] = { line = d.lnum, character = 0 } },
  context = { diagnostics = {} },
}
local resp = client.request_sync("textDocument/codeAction", params, 10000, buf)
if not resp or resp.err then fail("codeAction: " .. vim.inspect(resp)) end
local action
for _, a in ipairs(resp.result or {}) do
  if a.title:find(rule, 1, true) and not a.title:find("Disable", 1, true) then action = a end
end
if not action then fail("no fix offered: " .. vim.inspect(resp.result)) end
vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or "utf-16")

if not vim.wait(20000, function() return find(rule) == nil end, 20) then
  fail("the diagnostic did not clear after the fix; buffer:\n" .. table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n"))
end
if not find("skillmd/name") then fail("the unrelated diagnostic went away too") end
io.stdout:write("OK " .. vim.api.nvim_buf_get_lines(buf, 2, 3, false)[1] .. "\n")
vim.lsp.stop_client(client_id)
vim.cmd("qall!")
