// The seller's dashboard (issue 16): requests and answers of /api/seller-dashboard.
export {};
