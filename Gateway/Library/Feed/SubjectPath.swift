/// The `{id}` of a path naming what is liked, reported, commented on or saved, which feed calls the
/// subject (`post/…`, `comment/…`) or the post. One type for them all: every such path names it `id`.
enum SubjectPath: ServiceFieldNames {
    static let serviceFieldNames = ["subject": "id", "post_id": "id"]
}
