-- nus for Neovim: the language server `nus lsp` (errors as you type, hover, completion, go to a quoted card, the
-- outline, formatting) for every .nus buffer, one server per project. Works on Neovim 0.7 (Debian 12) and later.
-- The command is `nus lsp`; set vim.g.nus_lsp_cmd = { "/path/to/.venv/bin/nus", "lsp" } to use another.
vim.bo.commentstring = "# %s"
vim.bo.expandtab = true
vim.bo.shiftwidth = 2
vim.bo.softtabstop = 2

local cmd = vim.g.nus_lsp_cmd or { "nus", "lsp" }
local folder = vim.fn.expand("%:p:h")
local settings = vim.fn.findfile("nus.toml", folder .. ";")
local root = settings ~= "" and vim.fn.fnamemodify(settings, ":p:h") or folder

if vim.lsp.start then -- Neovim 0.8 and later: one client per root, reused for each buffer
  vim.lsp.start({ name = "nus", cmd = cmd, root_dir = root })
  return
end

-- Neovim 0.7: start the client once per root and attach each buffer to it.
local clients = vim.g.nus_lsp_clients or {}
local id = clients[root]
if id == nil or vim.lsp.get_client_by_id(id) == nil then
  id = vim.lsp.start_client({ name = "nus", cmd = cmd, root_dir = root })
  clients[root] = id
  vim.g.nus_lsp_clients = clients
end
if id then
  vim.lsp.buf_attach_client(0, id)
end
