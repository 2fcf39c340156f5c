-- A scripted Neovim 0.7 session against `tvm-lsp --stdio` (tests/python/lsp/test_real_clients.py
-- drives it): open the file, wait for diagnostics, hover, format; writes what the editor shows
-- as JSON. Arguments arrive as globals set with `-c "lua ..."` before this file runs:
-- TVM_LSP_SERVER (the binary), TVM_LSP_OUTPUT (the JSON file), TVM_LSP_HOVER ({line, col}).
local out = {}
local function finish()
  vim.fn.writefile({ vim.fn.json_encode(out) }, TVM_LSP_OUTPUT)
  vim.cmd("qall!")
end

local ok, err = pcall(function()
  local buf = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "tvm-lsp",
    cmd = { TVM_LSP_SERVER, "--stdio", "--debounce-ms", "0" },
    root_dir = vim.fn.getcwd(),
  })
  assert(client_id, "the client did not start")
  vim.lsp.buf_attach_client(buf, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  assert(vim.wait(20000, function() return client.initialized end, 50), "no initialize reply")
  out.position_encoding = client.offset_encoding

  -- Diagnostics, as the editor stores them (0-based lines, byte columns).
  assert(vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50),
    "no diagnostics arrived")
  out.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(out.diagnostics, {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, message = d.message, code = d.code or (d.user_data and
        d.user_data.lsp and d.user_data.lsp.code) or vim.NIL,
    })
  end

  -- Hover: the lines of the floating window the editor opens.
  vim.api.nvim_win_set_cursor(0, TVM_LSP_HOVER)
  vim.lsp.buf.hover()
  local float_lines = nil
  vim.wait(10000, function()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= "" then
        float_lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false)
        return true
      end
    end
    return false
  end, 50)
  out.hover = float_lines or vim.NIL

  -- Formatting: the buffer's text after the edits are applied.
  vim.lsp.buf.formatting_sync(nil, 20000)
  out.formatted = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end)
if not ok then out.error = tostring(err) end
finish()
