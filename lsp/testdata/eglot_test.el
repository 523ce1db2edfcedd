;;; eglot_test.el --- Emacs's eglot, a second real LSP client  -*- lexical-binding: t -*-
;; Run as `emacs -q --fg-daemon=SOCKET -l eglot_test.el`: a daemon has a
;; command loop, which delivers file notifications (batch mode does not,
;; so eglot's file watching never fires there). Opens a SKILL.md whose
;; name another skill on disk shares, waits for library/duplicate-name,
;; deletes the other skill outside the editor (eglot watches the files
;; the server asked it to) and waits for the error to clear; applies the
;; quick fix the server offers for skillmd/description-colon and saves
;; (eglot sends didSave with the text, unasked) and waits for the error to
;; go; then writes a .skillstudio.yaml turning a rule off and waits for
;; that finding to go.
;; Prints "OK" on standard error and exits 0, or what failed and exits 1.
(require 'flymake)
(require 'seq)

(defvar ss-bin (getenv "SKILLSTUDIO_BIN"))
(defvar ss-root (file-name-as-directory (getenv "SKILLSTUDIO_ROOT")))
(defvar ss-file (getenv "SKILLSTUDIO_FILE"))
(defvar ss-buf nil)

(defun ss-say (text) (princ (concat text "\n") #'external-debugging-output))

(defun ss-fail (fmt &rest args)
  (ss-say (concat "FAIL: " (apply #'format fmt args)))
  (kill-emacs 1))

(unless (require 'eglot nil t)
  (ss-fail "no eglot (apt-get install elpa-eglot)"))

(defun ss-texts ()
  (with-current-buffer ss-buf
    (mapcar #'flymake-diagnostic-text (append (flymake-diagnostics) eglot--diagnostics))))

(defun ss-has (code)
  (seq-some (lambda (text) (string-search (format "[%s]" code) text)) (ss-texts)))

;; Each step is (WHAT WAIT-FOR THEN): wait (polling every 0.05 s, up to
;; 20 s) until WAIT-FOR is true, then run THEN and go on to the next.
(defvar ss-steps
  (list
   (list "eglot to connect" (lambda () (with-current-buffer ss-buf (eglot-current-server))) #'ignore)
   (list "library/duplicate-name" (lambda () (ss-has "library/duplicate-name")) #'ignore)
   (list "eglot to watch the files the server asked for"
         (lambda () (> (hash-table-count (eglot--file-watches (with-current-buffer ss-buf (eglot-current-server)))) 0))
         (lambda () (delete-directory (expand-file-name "skills/twin" ss-root) t)))
   (list "library/duplicate-name to clear after the twin was deleted outside the editor"
         (lambda () (not (ss-has "library/duplicate-name")))
         (lambda ()
           (unless (ss-has "skillmd/description-colon")
             (ss-fail "no skillmd/description-colon to fix: %S" (ss-texts)))
           (with-current-buffer ss-buf
             (goto-char (point-min))
             (forward-line 2)
             (let ((fix (seq-find (lambda (a)
                                    (let ((title (plist-get a :title)))
                                      (and (string-search "skillmd/description-colon" title)
                                           (not (string-prefix-p "Disable" title)))))
                                  (eglot-code-actions (point) (line-end-position) "quickfix"))))
               (unless fix (ss-fail "no quick fix for skillmd/description-colon"))
               (eglot--apply-workspace-edit (plist-get fix :edit))
               (save-buffer)))))
   (list "skillmd/description-colon to go once its quick fix was applied and saved"
         (lambda () (not (ss-has "skillmd/description-colon")))
         (lambda ()
           (unless (with-current-buffer ss-buf
                     (save-excursion (goto-char (point-min)) (search-forward "description: \"Use when" nil t)))
             (ss-fail "the fix did not quote the description: %S" (with-current-buffer ss-buf (buffer-string))))
           (unless (ss-has "skillmd/tokens")
             (ss-fail "no skillmd/tokens to turn off: %S" (ss-texts)))
           (with-temp-file (expand-file-name ".skillstudio.yaml" ss-root)
             (insert "rules:\n  skillmd/tokens: off\n"))))
   (list "skillmd/tokens to go once a config written outside the editor turned it off"
         (lambda () (not (ss-has "skillmd/tokens")))
         (lambda ()
           (ss-say "OK")
           (ignore-errors (eglot-shutdown (with-current-buffer ss-buf (eglot-current-server))))
           (kill-emacs 0)))))

(defvar ss-tries 0)

(defun ss-tick ()
  (let ((step (car ss-steps)))
    (condition-case err
        (if (funcall (nth 1 step))
            (progn (setq ss-steps (cdr ss-steps) ss-tries 0)
                   (funcall (nth 2 step)))
          (setq ss-tries (1+ ss-tries))
          (when (> ss-tries 400)
            (ss-fail "timed out waiting for %s; diagnostics: %S" (nth 0 step) (ignore-errors (ss-texts)))))
      (error (ss-fail "%s: %S" (nth 0 step) err))))
  (run-with-timer 0.05 nil #'ss-tick))

(add-to-list 'auto-mode-alist '("\\.md\\'" . text-mode))
(setq flymake-no-changes-timeout nil)
(run-with-timer 0 nil
                (lambda ()
                  (condition-case err
                      (let ((default-directory ss-root))
                        (setq ss-buf (find-file-noselect ss-file))
                        (with-current-buffer ss-buf
                          (eglot '(text-mode) (project-current nil ss-root)
                                 'eglot-lsp-server (list ss-bin "lsp") "markdown")))
                    (error (ss-fail "starting eglot: %S" err)))
                  (ss-tick)))
