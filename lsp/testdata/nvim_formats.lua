-- Drives Neovim as a user who pasted the README's Neovim snippet (the
-- file SKILLSTUDIO_SNIPPET, with skillstudio on PATH): for each case in
-- SKILLSTUDIO_CASES (lines "FILE<TAB>RULE<TAB>FIX"), open FILE, see the
-- server attach through the snippet's FileType autocommand, see a RULE
-- diagnostic, and when FIX is "fix" apply the code action the server
-- offers for it and see that diagnostic clear. Prints "OK" and quits 0,
-- or prints what failed and quits 1.
local function fail(msg)
  io.stdout:write("FAIL: " .. msg .. "\n")
  vim.cmd("cquit 1")
end

vim.cmd("luafile " .. vim.fn.fnameescape(os.getenv("SKILLSTUDIO_SNIPPET")))

local function count(buf, code)
  local n, first = 0, nil
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == code then
      n = n + 1
      first = first or d
    end
  end
  return n, first
end

for line in (os.getenv("SKILLSTUDIO_CASES") .. "\n"):gmatch("([^\n]*)\n") do
  if line ~= "" then
    local file, rule, fix = line:match("^([^\t]+)\t([^\t]+)\t?(.*)$")
    vim.cmd("edit " .. vim.fn.fnameescape(file))
    local buf = vim.api.nvim_get_current_buf()
    local ft = vim.bo[buf].filetype
    if not vim.wait(20000, function() return next(vim.lsp.buf_get_clients(buf)) ~= nil end, 20) then
      fail(file .. ": the server did not attach (filetype " .. vim.inspect(ft) .. ")")
    end
    if not vim.wait(20000, function() return count(buf, rule) > 0 end, 20) then
      fail(file .. ": no " .. rule .. " diagnostic; got " .. vim.inspect(vim.diagnostic.get(buf)))
    end
    if fix == "fix" then
      local before, d = count(buf, rule)
      local client = select(2, next(vim.lsp.buf_get_clients(buf)))
      local params = {
        textDocument = { uri = vim.uri_from_bufnr(buf) },
        range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.lnum, character = d.col } },
        context = { diagnostics = {} },
      }
      local resp = client.request_sync("textDocument/codeAction", params, 10000, buf)
      if not resp or resp.err then fail(file .. ": codeAction: " .. vim.inspect(resp)) end
      local action
      for _, a in ipairs(resp.result or {}) do
        if a.title:find(rule, 1, true) and not a.title:find("Disable", 1, true) then action = a end
      end
      if not action then fail(file .. ": no fix offered for " .. rule .. ": " .. vim.inspect(resp.result)) end
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or "utf-16")
      if not vim.wait(20000, function() return count(buf, rule) < before end, 20) then
        fail(file .. ": the " .. rule .. " diagnostic did not clear after the fix")
      end
    end
    io.stdout:write("ok " .. ft .. " " .. file .. " " .. rule .. "\n")
  end
end
io.stdout:write("OK\n")
vim.cmd("qall!")
