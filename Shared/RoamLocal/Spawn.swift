import Foundation

#if canImport(Glibc)
import Glibc

#endif

/// posix_spawn + waitpid rather than Foundation's Process, whose exit detection can miss a child
/// that exits while the parent is busy (seen with `su` here).
public enum Spawn {
    /// Starts `executable`; when `output` is given, the child's stdout and stderr go to that descriptor.
    /// - Parameter ownProcessGroup: put the child in a process group of its own, so Ctrl-C reaches only
    ///   the parent, which then stops its children in order.
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        output: Int32? = nil, ownProcessGroup: Bool = true
    ) throws -> pid_t {
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
        argv.append(nil)
        var envp: [UnsafeMutablePointer<CChar>?] = (environment ?? ProcessInfo.processInfo.environment)
            .map { strdup("\($0.key)=\($0.value)") }
        envp.append(nil)
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output, 1)
            posix_spawn_file_actions_adddup2(&actions, output, 2)
        }
        // Nothing else of the parent's: a pipe or socket another thread has open would otherwise stay open
        // in a long-lived child, and whoever reads that pipe would wait for its end forever.
        closeFrom?(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        // A clean slate of signals: the parent's blocked or ignored ones (Swift's threads block some,
        // `roam up` ignores SIGINT) would otherwise pass on, and e.g. pgbench's -T timer never fires.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigemptyset(&allSignals)
        for number in 1..<32 where number != SIGKILL && number != SIGSTOP { sigaddset(&allSignals, Int32(number)) }
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        let groupFlag = ownProcessGroup ? POSIX_SPAWN_SETPGROUP : 0
        posix_spawnattr_setflags(&attributes, Int16(groupFlag | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw LocalError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module
    /// leaves out; nil where the C library has none.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Waits for `pid` and returns its exit status (128 + signal when killed).
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        if status & 0x7f == 0 { return (status >> 8) & 0xff }
        return 128 + (status & 0x7f)
    }

    /// Runs a command to completion and fails unless it exits 0.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        ownProcessGroup: Bool = true
    ) throws {
        let status = wait(try start(executable, arguments, environment: environment, ownProcessGroup: ownProcessGroup))
        guard status == 0 else {
            throw LocalError("\(executable) \(arguments.joined(separator: " ")) failed with status \(status)")
        }
    }

    /// Runs a command to completion; its exit status and everything it printed (stdout and stderr).
    /// The output goes through a file: a pipe's writing end could be inherited by another child.
    public static func output(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> (status: Int32, text: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roam-spawn-\(UUID().uuidString).out").path
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw LocalError("cannot create \(file)") }
        defer { unlink(file) }
        let pid: pid_t
        do {
            pid = try start(executable, arguments, environment: environment, output: descriptor, ownProcessGroup: false)
            close(descriptor)
        } catch {
            close(descriptor)
            throw error
        }
        let status = wait(pid)
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        return (status, text)
    }
}
