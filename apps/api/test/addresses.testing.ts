/** A valid address in central Bengaluru as the API takes it (the directory: 560001, Karnataka, Bangalore). */
export const BENGALURU_ADDRESS = {
  name: 'Priya Sharma',
  mobile: '9845012345',
  pincode: '560001',
  state: 'Karnataka',
  district: 'Bangalore',
  taluk: 'Bangalore North',
  flat_house_building: 'Flat 402, Prestige Meridian',
  area_or_street_or_village: 'MG Road',
  landmark: 'Opposite the metro station',
} as const;
