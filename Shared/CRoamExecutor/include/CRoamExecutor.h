#ifndef CROAMEXECUTOR_H
#define CROAMEXECUTOR_H

#include <stdbool.h>

/// Sends every job Swift concurrency puts on its global executor to `enqueue` instead (a job is
/// Swift's `UnownedJob`, passed as a pointer). False when another hook is already installed.
bool roam_install_global_enqueue_hook(void (*enqueue)(void *job));

#endif
