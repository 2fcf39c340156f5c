;;; eglot_session.el --- a scripted Emacs 28 + eglot session against tvm-lsp -*- lexical-binding: t -*-
;; tests/python/lsp/test_real_clients.py runs it in batch mode: open the file, wait for
;; diagnostics (Flymake's), hover (the text eldoc would show), format; writes what the editor
;; shows as JSON. Settings come from the environment: TVM_LSP_SERVER (the binary),
;; TVM_LSP_FILE, TVM_LSP_OUTPUT, TVM_LSP_HOVER ("line:column", 1-based line, 0-based column).
;; Debian installs eglot (elpa-eglot) and its dependencies as system packages.
(require 'package)
(setq package-directory-list '("/usr/share/emacs/site-lisp/elpa"))
(package-initialize)
(require 'eglot)
(require 'json)
(require 'flymake)

(defun tvm-lsp-session--wait (predicate seconds)
  "Process events until PREDICATE holds or SECONDS pass; return its value."
  (let ((deadline (+ (float-time) seconds)) (value nil))
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(let* ((server (getenv "TVM_LSP_SERVER"))
       (file (getenv "TVM_LSP_FILE"))
       (output (getenv "TVM_LSP_OUTPUT"))
       (hover (mapcar #'string-to-number (split-string (getenv "TVM_LSP_HOVER") ":")))
       (result nil))
  (condition-case err
      (progn
        (setq eglot-server-programs
              `((python-mode . (,server "--stdio" "--debounce-ms" "0"))))
        (setq eglot-sync-connect t eglot-connect-timeout 30)
        (find-file file)
        (python-mode)
        (let ((project-find-functions
               (list (lambda (_dir) (cons 'transient (file-name-directory file))))))
          (apply #'eglot (eglot--guess-contact)))
        (unless (tvm-lsp-session--wait #'eglot-current-server 30)
          (error "eglot did not connect"))
        ;; Diagnostics: Flymake's, as the buffer shows them.
        (unless (tvm-lsp-session--wait #'flymake-diagnostics 30)
          (error "no diagnostics arrived"))
        (push (cons 'diagnostics
                    (vconcat
                     (mapcar (lambda (d)
                               (let ((beg (flymake-diagnostic-beg d))
                                     (end (flymake-diagnostic-end d)))
                                 `((line . ,(line-number-at-pos beg))
                                   (column . ,(save-excursion (goto-char beg) (current-column)))
                                   (end_line . ,(line-number-at-pos end))
                                   (end_column . ,(save-excursion (goto-char end)
                                                                  (current-column)))
                                   (type . ,(symbol-name (flymake-diagnostic-type d)))
                                   (text . ,(flymake-diagnostic-text d)))))
                             (sort (flymake-diagnostics)
                                   (lambda (a b) (< (flymake-diagnostic-beg a)
                                                    (flymake-diagnostic-beg b)))))))
              result)
        ;; Hover: the text eglot renders for eldoc at the position.
        (goto-char (point-min))
        (forward-line (1- (nth 0 hover)))
        (move-to-column (nth 1 hover))
        (let* ((reply (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover
                                       (eglot--TextDocumentPositionParams)))
               (contents (plist-get reply :contents)))
          (push (cons 'hover (if contents (eglot--hover-info contents) :null)) result))
        ;; Formatting: the buffer's text after eglot applied the edits.
        (eglot-format-buffer)
        (push (cons 'formatted (buffer-substring-no-properties (point-min) (point-max))) result))
    (error (push (cons 'error (error-message-string err)) result)))
  (with-temp-file output (insert (json-encode result)))
  (kill-emacs 0))
;;; eglot_session.el ends here
