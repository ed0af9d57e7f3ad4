/// Overture's categories (`coffee_shop`, `italian_restaurant`…) in the package's vocabulary.
///
/// A category is mapped to the OpenStreetMap tag that means the same (`amenity=cafe`), which
/// the import stores beside the original, so that the index's category bits, the category
/// filter and ``Venue/categories`` come out as they do for OpenStreetMap. The place's own
/// categories stay as they are (``Venue/providerCategories``, tags `overture:category…`).
///
/// The first category that maps decides: the primary, then the basic category, then the
/// hierarchy from the most specific up, then the alternates. A category maps by the table
/// below, else by its last word: `…_restaurant` a restaurant (with its first words as the
/// cuisine: `italian_restaurant` → `cuisine=italian`), `…_cafe` a café, `…_bar` a bar,
/// `…_hotel` a hotel, `…_museum` a museum, `…_store` and `…_shop` a shop.
enum OvertureCategories {
    /// An OpenStreetMap tag.
    struct Tag: Sendable, Hashable {
        var key: String
        var value: String
    }

    /// Categories with a tag of their own.
    static let table: [String: Tag] = {
        var table: [String: Tag] = [:]
        func add(_ key: String, _ value: String, _ categories: String...) {
            for category in categories { table[category] = Tag(key: key, value: value) }
        }
        add(
            "amenity",
            "restaurant",
            "restaurant",
            "eat_and_drink",
            "food_and_drink",
            "casual_eatery",
            "bistro",
            "diner"
        )
        add("amenity", "cafe", "cafe", "coffee_shop", "coffee_roastery", "tea_room", "coffee_and_tea", "cafeteria")
        add("amenity", "bar", "bar", "cocktail_bar", "wine_bar", "beer_bar", "sports_bar", "lounge", "hookah_bar")
        add("amenity", "pub", "pub", "irish_pub", "gastropub", "beer_garden", "brewery", "brewpub")
        add(
            "amenity",
            "fast_food",
            "fast_food_restaurant",
            "food_court",
            "sandwich_shop",
            "hot_dog_restaurant",
            "burger_restaurant",
            "pizza_delivery",
            "kebab_shop",
            "food_stand",
            "food_truck"
        )
        add("shop", "bakery", "bakery", "patisserie", "pastry_shop", "bagel_shop", "donut_shop", "cupcake_shop")
        add("amenity", "ice_cream", "ice_cream_shop", "frozen_yoghurt_shop", "gelato", "ice_cream_and_frozen_yoghurt")
        add("tourism", "hotel", "hotel", "resort", "accommodation", "lodging")
        add("tourism", "hostel", "hostel")
        add("tourism", "motel", "motel")
        add("tourism", "guest_house", "bed_and_breakfast", "guest_house", "inn")
        add("tourism", "museum", "museum", "art_museum", "history_museum", "science_museum")
        add("tourism", "gallery", "art_gallery", "gallery")
        add(
            "tourism",
            "attraction",
            "tourist_attraction",
            "attractions_and_activities",
            "landmark_and_historical_building",
            "monument",
            "castle",
            "zoo",
            "aquarium",
            "amusement_park",
            "theme_park",
            "observatory",
            "lookout"
        )
        add("leisure", "park", "park", "national_park", "state_park", "dog_park", "playground")
        add("leisure", "garden", "garden", "botanical_garden", "community_garden")
        add("shop", "supermarket", "supermarket", "grocery_store", "hypermarket")
        add("amenity", "pharmacy", "pharmacy", "drugstore", "chemist")
        add("amenity", "bank", "bank", "banks", "bank_credit_union", "credit_union", "financial_service")
        add("amenity", "atm", "atm", "atms")
        add("amenity", "cinema", "cinema", "movie_theater", "movie_theatre", "drive_in_theater")
        add("amenity", "theatre", "theatre", "theater", "performing_arts_theater", "opera_and_ballet", "concert_hall")
        add("amenity", "nightclub", "night_club", "nightclub", "dance_club")
        add("amenity", "library", "library", "public_library")
        add("leisure", "fitness_centre", "gym", "fitness_center", "fitness_studio", "fitness_centre", "boxing_gym")
        add("shop", "convenience", "convenience_store")
        add("shop", "clothes", "clothing_store", "fashion")
        return table
    }()

    /// The tags a place's categories give, in order: `primary`, `basic`, `hierarchy` (most
    /// general first, as written), `alternates`. At most the category's tag and a cuisine.
    static func tags(
        primary: String?,
        basic: String?,
        hierarchy: [String],
        alternates: [String]
    ) -> [Tag] {
        var candidates: [String] = []
        if let primary { candidates.append(primary) }
        if let basic { candidates.append(basic) }
        candidates += hierarchy.reversed()
        candidates += alternates
        for category in candidates {
            let mapped = tags(of: category)
            if !mapped.isEmpty { return mapped }
        }
        return []
    }

    /// The tags of one category: its tag and, for a restaurant named by its cuisine, the cuisine.
    static func tags(of category: String) -> [Tag] {
        if let tag = table[category] {
            return [tag]
        }
        let words = category.split(separator: "_")
        guard words.count >= 2, let last = words.last else { return [] }
        let stem = words.dropLast().joined(separator: "_")
        switch last {
        case "restaurant":
            return [Tag(key: "amenity", value: "restaurant"), Tag(key: "cuisine", value: stem)]
        case "cafe": return [Tag(key: "amenity", value: "cafe")]
        case "bar": return [Tag(key: "amenity", value: "bar")]
        case "pub": return [Tag(key: "amenity", value: "pub")]
        case "bakery": return [Tag(key: "shop", value: "bakery")]
        case "hotel": return [Tag(key: "tourism", value: "hotel")]
        case "museum": return [Tag(key: "tourism", value: "museum")]
        case "store", "shop", "retailer": return [Tag(key: "shop", value: stem)]
        default: return []
        }
    }
}
