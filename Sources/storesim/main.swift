import Foundation
import Glibc

/// Every subcommand; help text and parsing come from this table.
let commands: [CommandSpec] = [RunCommand.spec, AuditCommand.spec, StateCommand.spec, MatrixCommand.spec, ChaosCommand.spec, BenchCommand.spec, ResetCommand.spec]

let exitCode = StoreSimCommandLine(commands: commands, interactive: InteractiveCommand.spec).main(Array(CommandLine.arguments.dropFirst()))
exit(exitCode)
