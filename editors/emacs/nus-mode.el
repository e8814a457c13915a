;;; nus-mode.el --- Nusfjord card files (.nus) with the nus language server  -*- lexical-binding: t; -*-

;; Load it from your init file: (load "/path/to/nus/editors/emacs/nus-mode.el")
;; Errors as you type, hover, completion and formatting come from `nus lsp', through Eglot (Emacs 29 and later).

;;; Code:

(define-derived-mode nus-mode prog-mode "nus"
  "Major mode for Nusfjord card files."
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+\\s-*")
  (setq-local indent-tabs-mode nil)
  (modify-syntax-entry ?# "<" nus-mode-syntax-table)
  (modify-syntax-entry ?\n ">" nus-mode-syntax-table)
  (modify-syntax-entry ?' "w" nus-mode-syntax-table))

(add-to-list 'auto-mode-alist '("\\.nus\\'" . nus-mode))

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs '(nus-mode "nus" "lsp")))

(add-hook 'nus-mode-hook #'eglot-ensure)

(provide 'nus-mode)
;;; nus-mode.el ends here
