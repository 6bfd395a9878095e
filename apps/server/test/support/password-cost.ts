/**
 * Setup file of the integration project: new password hashes use scrypt's smallest cost. The tests sign
 * up and sign in thousands of people, and at the production cost each hash takes 32 MB and a third of a
 * second of a loaded 2-core machine; verification reads the cost from the stored hash either way.
 */
import { MIN_PASSWORD_HASH_COST, setPasswordHashCost } from '../../src/lib/passwords.ts';

setPasswordHashCost(MIN_PASSWORD_HASH_COST);
