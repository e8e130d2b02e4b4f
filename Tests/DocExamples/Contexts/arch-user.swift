// A user, and their name.
struct User { var name: String }

let user = User(name: "Blob")
let name = user.name
