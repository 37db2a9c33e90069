/* SPDX-License-Identifier: MIT */
/*
 * Between the user copies (uaccess.c) and the signal shims (shim_signal.c).
 *
 * copy_from_user/copy_to_user read and write the program's memory
 * directly; a bad address faults, and the model's SIGSEGV/SIGBUS handler
 * turns a fault of a copy in progress into EFAULT (as the kernel's
 * exception table does for its own copies). Every other fault goes on to
 * what the program installed (shim_signal.c keeps the program's view of
 * those two signals) or to the default action. A thread that blocks
 * SIGSEGV or SIGBUS would be killed by such a fault instead
 * (force_sig_fault), so its copies go through the kernel instead
 * (process_vm_readv/writev, or a pipe under qemu-user).
 */
#ifndef DRMSUB_MODEL_UACCESS_H
#define DRMSUB_MODEL_UACCESS_H

#include <signal.h>
#include <stdbool.h>

/* Install the fault handler (once); false when it cannot be. */
bool model_fault_handler_install(void);
/* The handler is installed: SIGSEGV/SIGBUS dispositions are the shim's. */
bool model_fault_handler_installed(void);
/* From the fault handler: if the fault ends a copy, does not return. */
void model_uaccess_fault(int sig, const siginfo_t *info);
/* This thread's signal mask changed: look at it again before the next copy. */
void model_uaccess_mask_changed(void);

#endif
