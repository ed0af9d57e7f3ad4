// The GooglePlaces provider is built by its own issue; this target is intentionally empty until then.
