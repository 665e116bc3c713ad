/** Limits of the address form and book (spec 001 sections 5 and 9). */
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
