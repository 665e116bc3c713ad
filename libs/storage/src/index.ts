// The file store: product and profile images, invoice PDFs (filled in by issue 5).
export {};
