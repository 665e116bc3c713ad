/** Limits of the address form and book (docs/addresses.md). */
export const ADDRESS_LIMITS = {
  fullNameMax: 50,
  flatHouseBuildingMax: 255,
  landmarkMax: 200,
  /** State, district and taluk, each. */
  placeNameMax: 100,
  areaOrStreetOrVillageMax: 255,
  /** A user keeps at most 10 active (not deleted) addresses. */
  maxActive: 10,
} as const;
