/// Google Play's order ids in words written with App Store ones: inside StoreSim a Play order is
/// the number of its order id, so the words every party shares (`credit tx 1316…`) name it as
/// the App Store names a transaction. A Play world's transcript names it as Google does.
extension StoreKind {
    /// `text` with every `tx` and a Google Play order number after it (`tx 13166236327907057`)
    /// written as Google writes the order id (`GPA.1316-6236-3279-07057`); on the App Store,
    /// `text` as it is.
    public func namingOrders(in text: String) -> String {
        guard self == .play, text.contains("tx ") else { return text }
        var result = ""
        var rest = Substring(text)
        while let marker = rest.range(of: "tx ") {
            let digits = rest[marker.upperBound...].prefix { $0.isASCII && $0.isNumber }
            let atWordStart = marker.lowerBound == rest.startIndex || !(rest[rest.index(before: marker.lowerBound)].isLetter)
            if atWordStart, (17...19).contains(digits.count), let value = Int64(digits),
               let order = PlayOrderID(transactionId: TransactionID(value)) {
                result += rest[..<marker.lowerBound] + order.description
                rest = rest[digits.endIndex...]
            } else {
                result += rest[..<marker.upperBound]
                rest = rest[marker.upperBound...]
            }
        }
        return result + rest
    }
}
