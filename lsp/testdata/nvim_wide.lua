-- A CRLF SKILL.md whose description holds emoji and CJK, through Neovim's
-- own LSP client: the quote fix lands where Neovim's UTF-16 columns put it,
-- the disable-rule action adds its comment, hover answers on a key, and
-- :write keeps the file's CRLF. Prints "OK" and quits 0, or "FAIL: ...".
local bin, root, file = os.getenv("SKILLSTUDIO_BIN"), os.getenv("SKILLSTUDIO_ROOT"), os.getenv("SKILLSTUDIO_FILE")

local function fail(msg)
  io.stdout:write("FAIL: " .. msg .. "\n")
  vim.cmd("cquit 1")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
if vim.bo.fileformat ~= "dos" then fail("Neovim did not read the file as CRLF") end
-- SKILLSTUDIO_ENCODINGS ("utf-8,utf-16,utf-32") offers position encodings
-- as Neovim 0.10 does (general.positionEncodings) and counts in the one the
-- server names; Neovim 0.7 offers none, so the script does what 0.10 does.
local config = { name = "skillstudio", cmd = { bin, "lsp" }, root_dir = root }
local offered = os.getenv("SKILLSTUDIO_ENCODINGS")
if offered and offered ~= "" then
  config.capabilities = vim.tbl_deep_extend("force", vim.lsp.protocol.make_client_capabilities(),
    { general = { positionEncodings = vim.split(offered, ",", { plain = true }) } })
  config.on_init = function(c, result)
    c.offset_encoding = result.capabilities.positionEncoding
    io.stdout:write("ENCODING " .. tostring(c.offset_encoding) .. "\n")
  end
end
local client_id = vim.lsp.start_client(config)
if not client_id then fail("the server did not start") end
vim.lsp.buf_attach_client(buf, client_id)
local client = vim.lsp.get_client_by_id(client_id)
local uri = vim.uri_from_bufnr(buf)

local function find(code)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == code then return d end
  end
end
local function lines() return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n") end
local function action(line, want)
  local resp = client.request_sync("textDocument/codeAction", {
    textDocument = { uri = uri },
    range = { start = { line = line, character = 0 }, ["end"] = { line = line, character = 0 } },
    context = { diagnostics = {} },
  }, 10000, buf)
  if not resp or resp.err then fail("codeAction: " .. vim.inspect(resp)) end
  for _, a in ipairs(resp.result or {}) do
    if a.title:find(want, 1, true) then return a end
  end
  fail("no action " .. want .. ": " .. vim.inspect(resp.result))
end

if not vim.wait(20000, function() return find("skillmd/description-colon") ~= nil and find("skillmd/name") ~= nil end, 20) then
  fail("diagnostics: " .. vim.inspect(vim.diagnostic.get(buf)))
end
-- vim.diagnostic columns are bytes, converted from the server's encoding:
-- the range must cover the value exactly, wide characters and all.
local d = find("skillmd/description-colon")
local line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[1]
if line:sub(d.col + 1, d.end_col) ~= "🎉 中文 Use when: testing wide 😀 text" then
  fail("the diagnostic covers " .. vim.inspect(line:sub(d.col + 1, d.end_col)))
end

local h = client.request_sync("textDocument/hover", { textDocument = { uri = uri }, position = { line = 2, character = 3 } }, 10000, buf)
if not h or h.err or not h.result or not h.result.contents.value:find("**description**", 1, true) then
  fail("hover on description: " .. vim.inspect(h))
end

local fix = action(d.lnum, "(skillmd/description-colon)")
vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding or "utf-16")
if not vim.wait(20000, function() return find("skillmd/description-colon") == nil end, 20) then
  fail("the fix did not clear its diagnostic:\n" .. lines())
end
if vim.api.nvim_buf_get_lines(buf, 2, 3, false)[1] ~= 'description: "🎉 中文 Use when: testing wide 😀 text"' then
  fail("the fix landed wrong:\n" .. lines())
end

local disable = action(find("skillmd/name").lnum, "Disable skillmd/name for this line")
vim.lsp.util.apply_workspace_edit(disable.edit, client.offset_encoding or "utf-16")
if not vim.wait(20000, function() return find("skillmd/name") == nil end, 20) then
  fail("the disable comment did not silence skillmd/name:\n" .. lines())
end
if #vim.diagnostic.get(buf, { severity = { min = vim.diagnostic.severity.WARN } }) > 0 then
  fail("new findings after the edits: " .. vim.inspect(vim.diagnostic.get(buf)) .. "\n" .. lines())
end
vim.cmd("write")
io.stdout:write("OK\n")
vim.lsp.stop_client(client_id)
vim.cmd("qall!")
