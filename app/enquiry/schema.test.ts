import { describe, expect, it } from 'vitest'

import { ENQUIRY_FIELDS, firstInvalidField, readEnquiryValues, type EnquiryValues } from './fields'
import { ENQUIRY_MAX_CHARS, validateEnquiry } from './schema'

const valid: EnquiryValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.co.uk',
  phone: '+44 20 7946 0958',
  businessName: 'Analytical Engines Ltd',
  message: 'We miss calls while on site and would like an AI receptionist.',
}

/** The six fields, each holding this value. */
function everyField(value: string) {
  return Object.fromEntries(Object.keys(valid).map((field) => [field, value])) as EnquiryValues
}

function errorsFor(patch: Partial<EnquiryValues>) {
  const result = validateEnquiry({ ...valid, ...patch })
  return result.success ? {} : result.errors
}

describe('validateEnquiry', () => {
  it('accepts a complete enquiry and returns the six fields trimmed', () => {
    const result = validateEnquiry({
      firstName: '  Ada ',
      lastName: '\tLovelace\n',
      email: ' ada@example.co.uk ',
      phone: ' +44 20 7946 0958 ',
      businessName: ' Analytical Engines Ltd ',
      message: '\n  We would like an AI receptionist.  \n',
    })
    expect(result).toEqual({
      success: true,
      enquiry: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.co.uk',
        phone: '+44 20 7946 0958',
        businessName: 'Analytical Engines Ltd',
        message: 'We would like an AI receptionist.',
      },
    })
  })

  it('drops keys that are not one of the six fields', () => {
    const result = validateEnquiry({ ...valid, website: 'spam' } as EnquiryValues)
    expect(result.success && Object.keys(result.enquiry).sort()).toEqual([...ENQUIRY_FIELDS].sort())
  })

  it.each([
    ['', 'empty'],
    ['   ', 'spaces'],
    ['\t\n \r\n', 'tabs and newlines'],
    ['\u00a0\u2003', 'non-breaking and em spaces'],
  ])('says every field is required when it is %j (%s)', (blank) => {
    const result = validateEnquiry(everyField(blank))
    expect(result).toEqual({
      success: false,
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Email is required',
        phone: 'Phone number is required',
        businessName: 'Business name is required',
        message: 'Please tell us about your needs',
      },
    })
  })

  it('treats a missing field as empty', () => {
    const { firstName: _missing, ...rest } = valid
    expect(validateEnquiry(rest as EnquiryValues)).toEqual({
      success: false,
      errors: { firstName: 'First name is required' },
    })
  })

  describe('email', () => {
    it.each(['ada@example.com', 'o.brien+leads@mail.example.co.uk', "o'neill@example.org"])(
      'accepts %s',
      (email) => expect(errorsFor({ email })).toEqual({}),
    )

    it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'ada@@example.com'])(
      'rejects %j',
      (email) =>
        expect(errorsFor({ email })).toEqual({ email: 'Please enter a valid email address' }),
    )

    it('reports only that it is required when it is empty', () => {
      expect(errorsFor({ email: ' ' })).toEqual({ email: 'Email is required' })
    })
  })

  describe('phone', () => {
    it.each([
      ['+44 20 7946 0958', 'spaces inside'],
      ['442079460958', 'digits only'],
      ['+1', 'a plus and one digit'],
      ['7', 'one digit'],
      ['1234567890123456', '16 digits'],
      ['+1234567890123456', 'a plus and 16 digits'],
      ['+44\t20 7946\u00a00958', 'tabs and non-breaking spaces inside'],
    ])('accepts %j (%s)', (phone) => expect(errorsFor({ phone })).toEqual({}))

    it.each([
      ['+', 'a plus alone'],
      ['+ ', 'a plus and a space'],
      ['12345678901234567', '17 digits'],
      ['020 7946 0958', 'a leading 0'],
      ['+0207946', 'a 0 after the plus'],
      ['++44 20 7946 0958', 'two pluses'],
      ['44 +20', 'a plus in the middle'],
      ['(020) 7946-0958', 'brackets and a dash'],
      ['phone me', 'letters'],
    ])('rejects %j (%s)', (phone) =>
      expect(errorsFor({ phone })).toEqual({ phone: 'Please enter a valid phone number' }),
    )
  })

  describe('message', () => {
    it('needs at least 10 characters after trimming', () => {
      expect(errorsFor({ message: '  123456789  ' })).toEqual({
        message: 'Message must be at least 10 characters long',
      })
      expect(errorsFor({ message: '  1234567890  ' })).toEqual({})
    })

    it('counts whitespace inside the message', () => {
      expect(errorsFor({ message: 'a        b' })).toEqual({})
    })
  })

  describe('maximum lengths', () => {
    it.each([
      ['firstName', 'First name must be at most 100 characters'],
      ['lastName', 'Last name must be at most 100 characters'],
      ['businessName', 'Business name must be at most 200 characters'],
      ['message', 'Message must be at most 5000 characters'],
    ] as const)('limits %s', (field, message) => {
      const max = ENQUIRY_MAX_CHARS[field]
      expect(errorsFor({ [field]: 'a'.repeat(max) })).toEqual({})
      expect(errorsFor({ [field]: ` ${'a'.repeat(max)} ` })).toEqual({})
      expect(errorsFor({ [field]: 'a'.repeat(max + 1) })).toEqual({ [field]: message })
    })

    it('counts characters as JavaScript does: an emoji is two', () => {
      expect(errorsFor({ message: '😀'.repeat(5) })).toEqual({})
      expect(errorsFor({ firstName: '😀'.repeat(50) })).toEqual({})
      expect(errorsFor({ firstName: '😀'.repeat(51) })).toEqual({
        firstName: 'First name must be at most 100 characters',
      })
    })

    it('limits the email to 254 characters', () => {
      const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.uk`
      expect(at254).toHaveLength(254)
      expect(errorsFor({ email: at254 })).toEqual({})
      expect(errorsFor({ email: `a${at254}` })).toEqual({
        email: 'Email must be at most 254 characters',
      })
    })

    it('limits the phone to 30 characters, spaces included', () => {
      const spaced = '1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6'
      expect(spaced).toHaveLength(31)
      expect(errorsFor({ phone: spaced.slice(0, 29) })).toEqual({})
      expect(errorsFor({ phone: spaced })).toEqual({
        phone: 'Phone number must be at most 30 characters',
      })
    })
  })

  it('reports one message per field, the first rule broken', () => {
    expect(errorsFor({ email: ' ', phone: '+', message: 'short' })).toEqual({
      email: 'Email is required',
      phone: 'Please enter a valid phone number',
      message: 'Message must be at least 10 characters long',
    })
  })
})

describe('readEnquiryValues', () => {
  it('reads the six fields and treats missing ones and files as empty', () => {
    const formData = new FormData()
    formData.set('firstName', ' Ada ')
    formData.set('email', 'ada@example.com')
    formData.set('message', new Blob(['a file']), 'notes.txt')
    formData.set('extra', 'ignored')
    expect(readEnquiryValues(formData)).toEqual({
      ...everyField(''),
      firstName: ' Ada ',
      email: 'ada@example.com',
    })
  })
})

describe('firstInvalidField', () => {
  it('follows the order of the form, not of the errors object', () => {
    expect(firstInvalidField({ message: 'x', email: 'y' })).toBe('email')
    expect(firstInvalidField({})).toBeUndefined()
  })
})
