// Swift concurrency's global enqueue hook, set by name. SwiftNIO's
// `unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor` finds the hook with dlsym,
// which cannot see it in a binary linked with --static-swift-stdlib (the hook is a hidden symbol
// there): the linker can, so a reference from C reaches it in static and dynamic builds alike.
#include "CRoamExecutor.h"

#include <stdatomic.h>
#include <stddef.h>

typedef void (*roam_original_enqueue)(void *job) __attribute__((swiftcall));
typedef void (*roam_enqueue_hook)(void *job, roam_original_enqueue original) __attribute__((swiftcall));

extern _Atomic(roam_enqueue_hook) swift_task_enqueueGlobal_hook;

static void (*roam_enqueue)(void *job);

__attribute__((swiftcall)) static void roam_hook(void *job, roam_original_enqueue original) {
    (void)original;
    roam_enqueue(job);
}

bool roam_install_global_enqueue_hook(void (*enqueue)(void *job)) {
    roam_enqueue = enqueue;
    roam_enqueue_hook expected = NULL;
    return atomic_compare_exchange_strong(&swift_task_enqueueGlobal_hook, &expected, roam_hook);
}
