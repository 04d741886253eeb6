import Bench
import Foundation
import Glibc
import WorldCore

/// Every subcommand; help text and parsing come from this table.
let commands: [CommandSpec] = [RunCommand.spec, PlayCommand.spec, ServeCommand.spec, AuditCommand.spec, StateCommand.spec, TimelineCommand.spec, CatalogCommand.spec, KeysCommand.spec, MatrixCommand.spec, ChaosCommand.spec, BenchCommand.spec, ResetCommand.spec]

// A file-size limit (`ulimit -f`) makes a write fail with EFBIG, which StoreSim reports in one
// line, instead of killing the process with SIGXFSZ.
signal(SIGXFSZ, SIG_IGN)
// A reader that closes the pipe (`| head -1`) makes a write fail with EPIPE, which StoreSim
// reports in one line once its work is done (a temporary world removed), instead of dying of
// SIGPIPE halfway through it.
signal(SIGPIPE, SIG_IGN)
Output.reserveClosedDescriptors()
let exitCode = StoreSimCommandLine(commands: commands, interactive: InteractiveCommand.spec).main(Array(CommandLine.arguments.dropFirst()))
ChildPeakMemory.reportOwnPeakIfAsked()
DataDirectory.holdWhileInterrupted()
exit(exitCode)
