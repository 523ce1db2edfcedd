-- Neovim with two workspace folders (workspace_folders in start_client,
-- as a multi-root setup passes them): a SKILL.md of the second folder is
-- linted in that folder's library, where two skills share its name.
-- Prints "OK" and quits 0, or prints what failed and quits 1.
local bin, a, b, file = os.getenv("SKILLSTUDIO_BIN"), os.getenv("SKILLSTUDIO_A"), os.getenv("SKILLSTUDIO_B"), os.getenv("SKILLSTUDIO_FILE")

local function fail(msg)
  io.stdout:write("FAIL: " .. msg .. "\n")
  vim.cmd("cquit 1")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = "skillstudio", cmd = { bin, "lsp" }, root_dir = a,
  workspace_folders = {
    { uri = vim.uri_from_fname(a), name = "a" },
    { uri = vim.uri_from_fname(b), name = "b" },
  },
})
if not client_id then fail("the server did not start") end
vim.lsp.buf_attach_client(buf, client_id)

local function has(code)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == code then return true end
  end
  return false
end

if not vim.wait(20000, function() return has("library/duplicate-name") end, 20) then
  fail("no library/duplicate-name in the second folder; got " .. vim.inspect(vim.diagnostic.get(buf)))
end
if not has("skillmd/description-colon") then fail("the first folder's config reached the second") end
io.stdout:write("OK\n")
vim.lsp.stop_client(client_id)
vim.cmd("qall!")
