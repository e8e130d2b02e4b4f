// An `@Observable` model of photos, one of which may be being shared, its screen, and a view
// over `@Bindable var model` whose body is the example.
struct Photo: Identifiable {
  let id: Int
  var name: String
}

@MainActor @Observable final class PhotosModel {
  var photos = [Photo(id: 1, name: "Beach")]
  var sharing: Photo?
  var copiedLink: String?
  func copyLink(to photo: Photo) { copiedLink = "https://example.com/photos/\(photo.id)" }
}

struct PhotoView: View {
  let model: PhotosModel
  var body: some View {
    ForEach(model.photos) { photo in Text(photo.name) }
  }
}

struct PhotosScreen: View {
  @Bindable var model: PhotosModel
  var body: some View {
    // example
  }
}
