/// One problem at one place in the catalog; the parser adds the file name.
struct CatalogIssue: Error {
    let path: CatalogPath
    let problem: String
}
