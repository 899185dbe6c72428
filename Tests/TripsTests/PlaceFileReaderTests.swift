import Foundation
import RoamCore
import Testing

@testable import Trips

/// Reading places files for `roam places import`: CSV as RFC 4180 writes it, and an OpenStreetMap
/// GeoJSON export as is.
@Suite struct PlaceFileReaderTests {
    @Test func csvWithQuotesCommasAndLineBreaksInFields() throws {
        let csv = """
            source_id,name,category,latitude,longitude,rating,rating_count,price_level,address,opening_hours\r
            csv/1,"Tasca ""do"" Chico",restaurant,38.7115,-9.1440,4.6,200,1,"Rua do Diário de Notícias, 39",Mo-Su 19:00-02:00\r
            csv/2,Miradouro,viewpoint,38.7170,-9.1300,,,,"Largo
            da Graça",24/7
            csv/3,No position,park,,,,,,,
            """
        let read = try PlaceFileReader.read(Data(csv.utf8), fileName: "places.CSV")
        #expect(read.skipped == 1 && read.places.count == 2)
        let tasca = try #require(read.places.first)
        #expect(tasca.name == "Tasca \"do\" Chico" && tasca.rating == 4.6 && tasca.ratingCount == 200 && tasca.priceLevel == 1)
        #expect(tasca.address == "Rua do Diário de Notícias, 39" && tasca.openingHours == "Mo-Su 19:00-02:00")
        #expect(read.places[1].address == "Largo\nda Graça" && read.places[1].rating == nil)
        #expect(throws: PlaceFileError.self) { _ = try PlaceFileReader.read(Data("id,name\n1,x".utf8), fileName: "bad.csv") }
    }

    @Test func anOpenStreetMapExportWorksAsIs() throws {
        let geoJSON = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "node/4242", "geometry": {"type": "Point", "coordinates": [-9.1394, 38.7139]},
               "properties": {"name": "A Brasileira", "amenity": "cafe", "opening_hours": "Mo-Su 08:00-02:00",
                              "addr:street": "Rua Garrett", "addr:housenumber": "120", "addr:city": "Lisboa", "website": "https://abrasileira.pt"}},
              {"type": "Feature", "properties": {"@id": "way/7", "name": "Jardim da Estrela", "leisure": "park"},
               "geometry": {"type": "Polygon", "coordinates": [[[-9.16, 38.71], [-9.15, 38.71], [-9.15, 38.72], [-9.16, 38.72]]]}},
              {"type": "Feature", "id": "node/1", "geometry": {"type": "Point", "coordinates": [-9.1, 38.7]},
               "properties": {"name": "A bench", "amenity": "bench"}},
              {"type": "Feature", "id": "node/2", "geometry": {"type": "Point", "coordinates": [-9.1, 38.7]}, "properties": {"shop": "bakery"}}
            ]}
            """
        let read = try PlaceFileReader.read(Data(geoJSON.utf8), fileName: "lisbon.geojson")
        #expect(read.skipped == 2, "a bench is not an attraction, and a shop without a name is not findable")
        #expect(read.places.map(\.sourceID) == ["node/4242", "way/7"])
        #expect(read.places.map(\.category) == ["cafe", "park"])
        #expect(read.places[0].address == "Rua Garrett 120, Lisboa" && read.places[0].website == "https://abrasileira.pt")
        #expect(abs(read.places[1].point.latitude - 38.715) < 1e-9 && abs(read.places[1].point.longitude + 9.155) < 1e-9)
        #expect(throws: PlaceFileError.self) { _ = try PlaceFileReader.read(Data("[1,2]".utf8), fileName: "x.json") }
    }
}
