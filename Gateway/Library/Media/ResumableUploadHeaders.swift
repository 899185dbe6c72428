/// The headers of a tus creation, which media names as fields of `CreateResumableUpload`.
enum ResumableUploadHeaders: ServiceFieldNames {
    static let serviceFieldNames = ["length": "Upload-Length", "metadata": "Upload-Metadata"]
}
