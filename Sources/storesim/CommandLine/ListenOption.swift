import HTTPServing

/// `--listen ADDR:PORT`, for the commands that answer over HTTP (`serve`, `chaos --server-url`):
/// the option and its reading.
enum ListenOption {
    static let option: Option<String> = Option("--listen", "ADDR:PORT", help: "where to listen (default 127.0.0.1:8777)", reads: .path)

    /// `--listen`, read for `spec`'s command; an address other than loopback is served with a warning.
    static func address(_ text: String?, of spec: CommandSpec) throws(CLIError) -> ListenAddress {
        guard let text else { return .standard }
        switch ListenAddress.parse(text) {
        case .failure(let error): throw .usage("--listen: \(error.problem): \(spec.usage)")
        case .success(let address):
            if !address.isLoopback {
                Output.error("\(spec.name): warning: listening on \(address), beyond this machine: anyone who can reach it and holds a key can call the API")
            }
            return address
        }
    }
}
