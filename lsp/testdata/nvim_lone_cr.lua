-- A manifest.json whose lines end in a lone CR (a classic Mac file),
-- through Neovim's own LSP client with fileformats including mac: the
-- buffer's lines are the LSP's, so a diagnostic's line is the line that
-- holds the value, and after an edit that joins two lines (one line end
-- gone) it moves up one. Prints "OK" and quits 0, or "FAIL: ...".
local bin, root, file = os.getenv("SKILLSTUDIO_BIN"), os.getenv("SKILLSTUDIO_ROOT"), os.getenv("SKILLSTUDIO_FILE")

local function fail(msg)
  io.stdout:write("FAIL: " .. msg .. "\n")
  vim.cmd("cquit 1")
end

vim.o.fileformats = "unix,dos,mac"
vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
if vim.bo.fileformat ~= "mac" then fail("Neovim did not read the file as lone CR: " .. vim.bo.fileformat) end
local client_id = vim.lsp.start_client({ name = "skillstudio", cmd = { bin, "lsp" }, root_dir = root })
if not client_id then fail("the server did not start") end
vim.lsp.buf_attach_client(buf, client_id)

local function find(code)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == code then return d end
  end
end
local function covers(d, want)
  local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1] or ""
  return line:sub(d.col + 1, d.col + #want) == want
end

if not vim.wait(20000, function() return find("osloop/version") ~= nil end, 20) then
  fail("diagnostics: " .. vim.inspect(vim.diagnostic.get(buf)))
end
local d = find("osloop/version")
if d.lnum ~= 3 or not covers(d, '"1.0"') then
  fail("osloop/version at " .. d.lnum .. ":" .. d.col .. ", want the value on line 3")
end
-- Join lines 1 and 2 (an edit across a line end): the finding moves up.
local l1 = vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1]
local l2 = vim.api.nvim_buf_get_lines(buf, 2, 3, false)[1]
vim.api.nvim_buf_set_lines(buf, 1, 3, false, { l1 .. " " .. l2 })
if not vim.wait(20000, function()
  local v = find("osloop/version")
  return v ~= nil and v.lnum == 2
end, 20) then
  fail("after joining two lines: " .. vim.inspect(vim.diagnostic.get(buf)))
end
if not covers(find("osloop/version"), '"1.0"') then fail("after the join the finding covers another place") end
io.stdout:write("OK\n")
vim.lsp.stop_client(client_id)
vim.cmd("qall!")
