" Card files are nus files. `set filetype`, not `setfiletype`: Neovim 0.7 would take a file that starts with a
" `#` comment for `conf` first.
autocmd BufRead,BufNewFile *.nus set filetype=nus
