import { z } from 'zod';
import { es } from 'zod/locales';

// Zod's generic messages (wrong type, missing field) in Spanish; the product's own messages
// (docs/product.md#validation) are set per field in the schemas and take precedence. Imported once by each
// entry point.
z.config(es());
