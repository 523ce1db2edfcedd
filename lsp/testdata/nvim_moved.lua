-- A skill folder renamed in the shell while its SKILL.md is open in
-- Neovim (0.7 has no file watching): the file opened at its new path is
-- linted there (skillmd/name-dir), beside the old buffer still open
-- (library/duplicate-name); wiping the old buffer clears the duplicate.
-- Prints "OK" and quits 0, or "FAIL: ...".
local bin, root = os.getenv("SKILLSTUDIO_BIN"), os.getenv("SKILLSTUDIO_ROOT")
local a, b = root .. "/skills/a/SKILL.md", root .. "/skills/b/SKILL.md"

local function fail(msg)
  io.stdout:write("FAIL: " .. msg .. "\n")
  vim.cmd("cquit 1")
end
local function has(buf, code)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == code then return true end
  end
  return false
end

vim.cmd("edit " .. vim.fn.fnameescape(a))
local bufa = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({ name = "skillstudio", cmd = { bin, "lsp" }, root_dir = root })
if not id then fail("the server did not start") end
vim.lsp.buf_attach_client(bufa, id)
if not vim.wait(20000, function() return has(bufa, "skillmd/description-colon") end, 20) then
  fail("no diagnostics on the first path: " .. vim.inspect(vim.diagnostic.get(bufa)))
end

if not os.rename(root .. "/skills/a", root .. "/skills/b") then fail("rename") end
vim.cmd("edit " .. vim.fn.fnameescape(b))
local bufb = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufb, id)
if not vim.wait(20000, function() return has(bufb, "skillmd/name-dir") and has(bufb, "library/duplicate-name") end, 20) then
  fail("the moved file: " .. vim.inspect(vim.diagnostic.get(bufb)))
end

vim.cmd("bwipeout! " .. bufa)
if not vim.wait(20000, function() return not has(bufb, "library/duplicate-name") end, 20) then
  fail("the duplicate stayed after the old buffer went: " .. vim.inspect(vim.diagnostic.get(bufb)))
end
if not has(bufb, "skillmd/name-dir") then fail("the moved file's own finding went too") end
io.stdout:write("OK\n")
vim.lsp.stop_client(id)
vim.cmd("qall!")
