"""DynamoDB's legacy parameters through boto3 against the local endpoint.

Run by tests/server/boto3.test.mjs with Debian's python and boto3 (python3-boto3):
    /usr/bin/python3 -I tests/server/boto3_legacy.py http://127.0.0.1:PORT

KeyConditions, QueryFilter, ScanFilter, Expected, ConditionalOperator, AttributeUpdates and
AttributesToGet are what older code (and code written from older examples) still sends; each
check below sends them as boto3 does, through the low-level client and then the resource layer,
and holds the answer to what DynamoDB answers. Prints "ok <check>" per check, stops at the
first failure with a message and exit code 1, and ends with a count of the legacy requests.
"""
import json
import sys
import time
from decimal import Decimal

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

# The test must exercise Debian's boto3, not one a pip install put on the path.
if not boto3.__file__.startswith('/usr/lib/python3/'):
    sys.exit(f'FAIL: boto3 is {boto3.__file__}, not Debian\'s (run with /usr/bin/python3 -I)')

if len(sys.argv) != 2:
    sys.exit('usage: boto3_legacy.py ENDPOINT_URL')
endpoint = sys.argv[1]

session = boto3.session.Session(
    aws_access_key_id='AKIDPLAYGROUND',
    aws_secret_access_key='playground-secret',
    region_name='us-east-1',
)
# One attempt: a wrong answer (a bad checksum, a 5xx) must fail the check, not be retried away.
config = Config(retries={'total_max_attempts': 1})
client = session.client('dynamodb', endpoint_url=endpoint, config=config)
resource = session.resource('dynamodb', endpoint_url=endpoint, config=config)

# Counts the requests that carry a legacy parameter, from the JSON body botocore is about to
# send (so a parameter the SDK dropped or rewrote would not count).
LEGACY = ('KeyConditions', 'QueryFilter', 'ScanFilter', 'Expected', 'ConditionalOperator',
          'AttributeUpdates', 'AttributesToGet')
sent = {'legacy': 0}
behaved = {'legacy': 0}


def is_legacy(body):
    if any(k in body for k in LEGACY):
        return True
    # BatchGetItem carries AttributesToGet per table, in KeysAndAttributes.
    return any('AttributesToGet' in v for v in body.get('RequestItems', {}).values()
               if isinstance(v, dict))


def count_legacy(params, **_):
    body = params.get('body') or b'{}'
    if is_legacy(json.loads(body)):
        sent['legacy'] += 1


client.meta.events.register('before-call.dynamodb', count_legacy)
resource.meta.client.meta.events.register('before-call.dynamodb', count_legacy)


def check(fn):
    """Runs a check at once; its legacy requests count as behaved only if it passes."""
    before = sent['legacy']
    try:
        fn()
    except AssertionError as e:
        sys.exit(f'FAIL {fn.__name__}: {e}')
    except ClientError as e:
        sys.exit(f'FAIL {fn.__name__}: unexpected {e.response["Error"]}')
    behaved['legacy'] += sent['legacy'] - before
    print(f'ok {fn.__name__}', flush=True)
    return fn


def error_of(call, **kwargs):
    """The (Code, Message) a call fails with; fails the check if it succeeds."""
    try:
        call(**kwargs)
    except ClientError as e:
        assert e.response['ResponseMetadata']['HTTPStatusCode'] == 400, e.response
        return e.response['Error']['Code'], e.response['Error']['Message']
    raise AssertionError(f'expected {call.__name__} to fail: {kwargs}')


def S(v):
    return {'S': v}


def N(v):
    return {'N': str(v)}


def eq(v):
    return {'ComparisonOperator': 'EQ', 'AttributeValueList': [v]}


def book(author, book_id, **extra):
    return {'authorId': S(author), 'bookId': S(book_id), **extra}


def key(author, book_id):
    return {'authorId': S(author), 'bookId': S(book_id)}


def sets_sorted(item):
    """Sets come back in no promised order: sort them to compare."""
    return {k: ({t: sorted(v)} if t in ('SS', 'NS', 'BS') else {t: v})
            for k, value in item.items() for t, v in value.items()}


def get(k):
    return client.get_item(TableName='Books', Key=k, ConsistentRead=True).get('Item')


CCF = ('ConditionalCheckFailedException', 'The conditional request failed')
INVALID = 'One or more parameter values were invalid: '

created = client.create_table(
    TableName='Books',
    AttributeDefinitions=[{'AttributeName': 'authorId', 'AttributeType': 'S'},
                          {'AttributeName': 'bookId', 'AttributeType': 'S'}],
    KeySchema=[{'AttributeName': 'authorId', 'KeyType': 'HASH'},
               {'AttributeName': 'bookId', 'KeyType': 'RANGE'}],
    BillingMode='PAY_PER_REQUEST',
)
assert created['TableDescription']['TableName'] == 'Books', created

BOOKS = [
    book('ursula', 'b1', title=S('A Wizard of Earthsea'), year=N(1968), series=S('Earthsea'),
         tags={'SS': ['fantasy', 'magic']}),
    book('ursula', 'b2', title=S('The Dispossessed'), year=N(1974), tags={'SS': ['sf', 'utopia']},
         awards={'SS': ['hugo', 'nebula']}),
    book('ursula', 'b10', title=S('Lavinia'), year=N(2008)),
    book('ursula', 'c1', title=S('Catwings'), year=N(1988), tags={'SS': ['children']}),
    book('octavia', 'k1', title=S('Kindred'), year=N(1979)),
]


# --- the low-level client -------------------------------------------------------------------

@check
def put_item_expected_exists_false_inserts_once():
    # Exists False on the key: DynamoDB's insert-only put, before attribute_not_exists existed.
    for item in BOOKS:
        r = client.put_item(TableName='Books', Item=item, Expected={'authorId': {'Exists': False}})
        assert 'Attributes' not in r, r
    again = error_of(client.put_item, TableName='Books',
                     Item=book('ursula', 'b2', title=S('Another')),
                     Expected={'authorId': {'Exists': False}})
    assert again == CCF, again
    # The failed put changed nothing.
    assert get(key('ursula', 'b2'))['title'] == S('The Dispossessed')


@check
def put_item_expected_value_and_comparison_operator():
    # Value alone means EQ; ComparisonOperator with AttributeValueList is the later form.
    r = client.put_item(TableName='Books', Item=BOOKS[4],
                        Expected={'title': {'Value': S('Kindred')},
                                  'year': {'ComparisonOperator': 'LT',
                                           'AttributeValueList': [N(1980)]}},
                        ReturnValues='ALL_OLD')
    assert r['Attributes'] == BOOKS[4], r
    failed = error_of(client.put_item, TableName='Books', Item=BOOKS[4],
                      Expected={'title': {'Value': S('Kindred'), 'Exists': True},
                                'year': {'ComparisonOperator': 'GT',
                                         'AttributeValueList': [N(1980)]}})
    assert failed == CCF, failed


@check
def query_key_conditions_eq_and_begins_with_backwards():
    r = client.query(TableName='Books',
                     KeyConditions={'authorId': eq(S('ursula')),
                                    'bookId': {'ComparisonOperator': 'BEGINS_WITH',
                                               'AttributeValueList': [S('b')]}},
                     ScanIndexForward=False)
    # Sort keys of type S order by their bytes, here backwards: b2, b10, b1; c1 is not "b...".
    assert [i['bookId']['S'] for i in r['Items']] == ['b2', 'b10', 'b1'], r['Items']
    assert (r['Count'], r['ScannedCount']) == (3, 3), r
    assert r['Items'][0] == BOOKS[1], r['Items'][0]
    assert 'LastEvaluatedKey' not in r, r


@check
def query_key_conditions_between_and_limit_pages():
    pages, start = [], None
    while True:
        extra = {'ExclusiveStartKey': start} if start else {}
        r = client.query(TableName='Books', Limit=2,
                         KeyConditions={'authorId': eq(S('ursula')),
                                        'bookId': {'ComparisonOperator': 'BETWEEN',
                                                   'AttributeValueList': [S('b10'), S('c1')]}},
                         **extra)
        pages.append([i['bookId']['S'] for i in r['Items']])
        start = r.get('LastEvaluatedKey')
        if not start:
            break
    # BETWEEN is inclusive at both ends; a page that reached Limit ends with a LastEvaluatedKey.
    assert pages == [['b10', 'b2'], ['c1']], pages


@check
def query_filter_with_conditional_operator_or_and_and():
    kc = {'authorId': eq(S('ursula'))}
    r = client.query(TableName='Books', KeyConditions=kc,
                     QueryFilter={'year': {'ComparisonOperator': 'LT', 'AttributeValueList': [N(1970)]},
                                  'tags': {'ComparisonOperator': 'CONTAINS',
                                           'AttributeValueList': [S('utopia')]}},
                     ConditionalOperator='OR')
    assert [i['bookId']['S'] for i in r['Items']] == ['b1', 'b2'], r['Items']
    # The filter runs after the read: all four of ursula's books were scanned.
    assert (r['Count'], r['ScannedCount']) == (2, 4), r
    # AND. NOT_CONTAINS is false where the attribute is missing (b10 has no tags), so CONTAINS
    # and NOT_CONTAINS are both false there: DynamoDB's answer as ScyllaDB's Alternator tests,
    # run against DynamoDB, record it (test_expected.py, test_update_expected_1_not_contains).
    r = client.query(TableName='Books', KeyConditions=kc,
                     QueryFilter={'year': {'ComparisonOperator': 'GT', 'AttributeValueList': [N(1970)]},
                                  'tags': {'ComparisonOperator': 'NOT_CONTAINS',
                                           'AttributeValueList': [S('utopia')]}},
                     ConditionalOperator='AND')
    assert [i['bookId']['S'] for i in r['Items']] == ['c1'], r['Items']
    assert (r['Count'], r['ScannedCount']) == (1, 4), r


@check
def query_attributes_to_get():
    r = client.query(TableName='Books', KeyConditions={'authorId': eq(S('ursula'))},
                     AttributesToGet=['bookId', 'year'])
    assert r['Items'] == [{'bookId': S('b1'), 'year': N(1968)}, {'bookId': S('b10'), 'year': N(2008)},
                          {'bookId': S('b2'), 'year': N(1974)}, {'bookId': S('c1'), 'year': N(1988)}], r
    # SPECIFIC_ATTRIBUTES is what AttributesToGet selects anyway; a name no item has is left out.
    r = client.query(TableName='Books', KeyConditions={'authorId': eq(S('octavia'))},
                     AttributesToGet=['title', 'nothing'], Select='SPECIFIC_ATTRIBUTES')
    assert r['Items'] == [{'title': S('Kindred')}], r


@check
def scan_filter():
    def scan(**kwargs):
        r = client.scan(TableName='Books', **kwargs)
        # A scan's order follows the partition keys' hashes: sort to compare.
        return sorted((i['authorId']['S'], i['bookId']['S']) for i in r['Items']), r
    # NE holds where the attribute is missing: every book but the one in the Earthsea series.
    ids, r = scan(ScanFilter={'series': {'ComparisonOperator': 'NE', 'AttributeValueList': [S('Earthsea')]}})
    assert ids == [('octavia', 'k1'), ('ursula', 'b10'), ('ursula', 'b2'), ('ursula', 'c1')], ids
    assert (r['Count'], r['ScannedCount']) == (4, 5), r
    ids, r = scan(ScanFilter={'year': {'ComparisonOperator': 'BETWEEN', 'AttributeValueList': [N(1970), N(1990)]},
                              'tags': {'ComparisonOperator': 'NOT_NULL'}})
    assert ids == [('ursula', 'b2'), ('ursula', 'c1')], ids
    ids, r = scan(ScanFilter={'title': {'ComparisonOperator': 'IN',
                                        'AttributeValueList': [S('Kindred'), S('Lavinia'), S('Nope')]}},
                  AttributesToGet=['authorId', 'bookId'])
    assert ids == [('octavia', 'k1'), ('ursula', 'b10')], ids
    assert all(set(i) == {'authorId', 'bookId'} for i in r['Items']), r['Items']
    r = client.scan(TableName='Books', Select='COUNT',
                    ScanFilter={'series': {'ComparisonOperator': 'NULL'}})
    assert (r['Count'], r['ScannedCount'], 'Items' in r) == (4, 5, False), r


@check
def get_item_attributes_to_get():
    r = client.get_item(TableName='Books', Key=key('ursula', 'b1'), AttributesToGet=['title', 'series'])
    assert r['Item'] == {'title': S('A Wizard of Earthsea'), 'series': S('Earthsea')}, r


@check
def update_item_attribute_updates_put_add_delete_updated_new():
    r = client.update_item(
        TableName='Books', Key=key('ursula', 'b2'),
        AttributeUpdates={
            'title': {'Action': 'PUT', 'Value': S('The Dispossessed: An Ambiguous Utopia')},
            'reads': {'Action': 'ADD', 'Value': N(5)},  # missing: ADD starts from 0
            'tags': {'Action': 'ADD', 'Value': {'SS': ['classic']}},
            'awards': {'Action': 'DELETE', 'Value': {'SS': ['nebula']}},
        },
        ReturnValues='UPDATED_NEW')
    assert sets_sorted(r['Attributes']) == {
        'title': S('The Dispossessed: An Ambiguous Utopia'), 'reads': N(5),
        'tags': {'SS': ['classic', 'sf', 'utopia']}, 'awards': {'SS': ['hugo']}}, r
    # Deleting a set's last member removes the attribute; a negative ADD subtracts; PUT is the
    # default Action; ADD with a list appends to it and starts one where there is none (the API
    # reference names only numbers and sets, but DynamoDB appends lists: Alternator's
    # test_item.py test_update_item_add, run against DynamoDB).
    r = client.update_item(
        TableName='Books', Key=key('ursula', 'b2'),
        AttributeUpdates={'awards': {'Action': 'DELETE', 'Value': {'SS': ['hugo']}},
                          'reads': {'Action': 'ADD', 'Value': N(-2)},
                          'shelf': {'Value': S('sf')},
                          'notes': {'Action': 'ADD', 'Value': {'L': [S('first')]}}},
        ReturnValues='ALL_NEW')
    assert sets_sorted(r['Attributes']) == {
        'authorId': S('ursula'), 'bookId': S('b2'), 'title': S('The Dispossessed: An Ambiguous Utopia'),
        'year': N(1974), 'tags': {'SS': ['classic', 'sf', 'utopia']}, 'reads': N(3), 'shelf': S('sf'),
        'notes': {'L': [S('first')]}}, r
    r = client.update_item(
        TableName='Books', Key=key('ursula', 'b2'),
        AttributeUpdates={'notes': {'Action': 'ADD', 'Value': {'L': [S('second'), N(2)]}},
                          'shelf': {'Action': 'DELETE'}},
        ReturnValues='UPDATED_OLD')
    # UPDATED_OLD: the updated attributes as they were before.
    assert r['Attributes'] == {'notes': {'L': [S('first')]}, 'shelf': S('sf')}, r
    item = get(key('ursula', 'b2'))
    assert item['notes'] == {'L': [S('first'), S('second'), N(2)]}, item
    assert 'shelf' not in item and 'awards' not in item, item


@check
def update_item_attribute_updates_on_a_missing_item():
    # ADD of a number to an item that does not exist creates it, from 0.
    r = client.update_item(TableName='Books', Key=key('octavia', 'p1'),
                           AttributeUpdates={'reads': {'Action': 'ADD', 'Value': N(1)}},
                           ReturnValues='ALL_NEW')
    assert r['Attributes'] == {'authorId': S('octavia'), 'bookId': S('p1'), 'reads': N(1)}, r
    # DELETE alone does not create it ("Nothing happens; there is no attribute to delete", the
    # API reference's AttributeValueUpdate; Alternator's test_update_item_non_existent).
    r = client.update_item(TableName='Books', Key=key('octavia', 'missing'),
                           AttributeUpdates={'tags': {'Action': 'DELETE'}}, ReturnValues='ALL_NEW')
    assert 'Attributes' not in r, r
    assert get(key('octavia', 'missing')) is None
    client.delete_item(TableName='Books', Key=key('octavia', 'p1'))


@check
def update_item_expected_comparison_operator():
    failed = error_of(client.update_item, TableName='Books', Key=key('ursula', 'b2'),
                      AttributeUpdates={'reads': {'Value': N(0)}},
                      Expected={'reads': {'ComparisonOperator': 'GE', 'AttributeValueList': [N(10)]}})
    assert failed == CCF, failed
    assert get(key('ursula', 'b2'))['reads'] == N(3)
    r = client.update_item(TableName='Books', Key=key('ursula', 'b2'),
                           AttributeUpdates={'reads': {'Value': N(0)}},
                           Expected={'reads': {'ComparisonOperator': 'LT', 'AttributeValueList': [N(10)]},
                                     'title': {'ComparisonOperator': 'BEGINS_WITH',
                                               'AttributeValueList': [S('The Dispossessed')]}},
                           ReturnValues='UPDATED_OLD')
    assert r['Attributes'] == {'reads': N(3)}, r
    # OR: one expectation holding is enough.
    client.update_item(TableName='Books', Key=key('ursula', 'b2'),
                       AttributeUpdates={'reads': {'Action': 'ADD', 'Value': N(1)}},
                       Expected={'reads': {'ComparisonOperator': 'GT', 'AttributeValueList': [N(100)]},
                                 'year': {'Value': N(1974)}},
                       ConditionalOperator='OR')
    assert get(key('ursula', 'b2'))['reads'] == N(1)


@check
def delete_item_expected_comparison_operator():
    failed = error_of(client.delete_item, TableName='Books', Key=key('ursula', 'c1'),
                      Expected={'year': {'ComparisonOperator': 'GT', 'AttributeValueList': [N(2000)]}})
    assert failed == CCF, failed
    r = client.delete_item(TableName='Books', Key=key('ursula', 'c1'),
                           Expected={'year': {'ComparisonOperator': 'LE', 'AttributeValueList': [N(2000)]},
                                     'tags': {'ComparisonOperator': 'CONTAINS',
                                              'AttributeValueList': [S('children')]}},
                           ReturnValues='ALL_OLD')
    assert sets_sorted(r['Attributes']) == sets_sorted(BOOKS[3]), r
    assert get(key('ursula', 'c1')) is None


@check
def batch_get_item_attributes_to_get():
    r = client.batch_get_item(RequestItems={'Books': {
        'Keys': [key('ursula', 'b1'), key('ursula', 'b10'), key('octavia', 'k1'), key('octavia', 'none')],
        'AttributesToGet': ['bookId', 'year'], 'ConsistentRead': True}})
    # BatchGetItem promises no order: sort to compare. The missing key is simply not there.
    got = sorted(r['Responses']['Books'], key=lambda i: i['bookId']['S'])
    assert got == [{'bookId': S('b1'), 'year': N(1968)}, {'bookId': S('b10'), 'year': N(2008)},
                   {'bookId': S('k1'), 'year': N(1979)}], r
    assert r['UnprocessedKeys'] == {}, r


@check
def errors_in_dynamodb_words():
    mixed = error_of(client.update_item, TableName='Books', Key=key('ursula', 'b1'),
                     AttributeUpdates={'reads': {'Value': N(1)}}, ConditionExpression='attribute_exists(bookId)')
    assert mixed == ('ValidationException',
                     'Can not use both expression and non-expression parameters in the same request: '
                     'Non-expression parameters: {AttributeUpdates} Expression parameters: {ConditionExpression}'), mixed
    mixed = error_of(client.get_item, TableName='Books', Key=key('ursula', 'b1'),
                     AttributesToGet=['title'], ProjectionExpression='title')
    assert mixed == ('ValidationException',
                     'Can not use both expression and non-expression parameters in the same request: '
                     'Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}'), mixed
    missed = error_of(client.query, TableName='Books', KeyConditions={'bookId': eq(S('b1'))})
    assert missed == ('ValidationException', 'Query condition missed key schema element: authorId'), missed
    on_key = error_of(client.query, TableName='Books', KeyConditions={'authorId': eq(S('ursula'))},
                      QueryFilter={'bookId': eq(S('b1'))})
    assert on_key == ('ValidationException',
                      'QueryFilter can only contain non-primary key attributes: Primary key attribute: bookId'), on_key
    count = error_of(client.scan, TableName='Books', ScanFilter={'year': {'ComparisonOperator': 'EQ'}})
    assert count == ('ValidationException',
                     INVALID + 'Invalid number of argument(s) for the EQ ComparisonOperator'), count
    mismatch = error_of(client.update_item, TableName='Books', Key=key('ursula', 'b1'),
                        AttributeUpdates={'year': {'Action': 'ADD', 'Value': {'NS': ['1']}}})
    assert mismatch == ('ValidationException', 'Type mismatch for attribute to update'), mismatch
    names = error_of(client.put_item, TableName='Books', Item=key('ursula', 'b1'),
                     Expected={'authorId': {'Exists': False}}, ExpressionAttributeNames={'#a': 'authorId'})
    assert names == ('ValidationException',
                     'ExpressionAttributeNames can only be specified when using expressions'), names
    # None of them wrote anything.
    assert sets_sorted(get(key('ursula', 'b1'))) == sets_sorted(BOOKS[0])


# --- the resource layer: plain Python values (Decimal for numbers, set for SS) ---------------

table = resource.Table('Books')


@check
def resource_put_item_expected():
    fifth = {'authorId': 'nk', 'bookId': 'f1', 'title': 'The Fifth Season', 'year': Decimal(2015),
             'tags': {'fantasy', 'geology'}}
    table.put_item(Item=fifth, Expected={'authorId': {'Exists': False}})
    again = error_of(table.put_item, Item=fifth, Expected={'authorId': {'Exists': False}})
    assert again == CCF, again
    r = table.put_item(Item={**fifth, 'n': 0},
                       Expected={'year': {'ComparisonOperator': 'EQ', 'AttributeValueList': [2015]}},
                       ReturnValues='ALL_OLD')
    assert r['Attributes'] == fifth, r


@check
def resource_query_key_conditions():
    r = table.query(KeyConditions={'authorId': {'AttributeValueList': ['ursula'], 'ComparisonOperator': 'EQ'},
                                   'bookId': {'AttributeValueList': ['b'], 'ComparisonOperator': 'BEGINS_WITH'}},
                    QueryFilter={'year': {'AttributeValueList': [Decimal(2000)], 'ComparisonOperator': 'LT'}})
    assert [(i['bookId'], i['year']) for i in r['Items']] == [('b1', Decimal(1968)), ('b2', Decimal(1974))], r
    assert r['Items'][0]['tags'] == {'fantasy', 'magic'}, r['Items'][0]
    assert (r['Count'], r['ScannedCount']) == (2, 3), r


@check
def resource_scan_scan_filter():
    r = table.scan(ScanFilter={'year': {'AttributeValueList': [Decimal(2000)], 'ComparisonOperator': 'GT'}})
    got = sorted((i['bookId'], i['title']) for i in r['Items'])
    assert got == [('b10', 'Lavinia'), ('f1', 'The Fifth Season')], got
    r = table.scan(ScanFilter={'tags': {'AttributeValueList': ['geology'], 'ComparisonOperator': 'CONTAINS'}},
                   AttributesToGet=['bookId', 'tags'])
    assert r['Items'] == [{'bookId': 'f1', 'tags': {'fantasy', 'geology'}}], r


@check
def resource_update_item_attribute_updates():
    k = {'authorId': 'nk', 'bookId': 'f1'}
    r = table.update_item(Key=k, AttributeUpdates={'n': {'Value': 1, 'Action': 'ADD'}}, ReturnValues='UPDATED_NEW')
    assert r['Attributes'] == {'n': Decimal(1)}, r
    r = table.update_item(Key=k, AttributeUpdates={'n': {'Value': 1, 'Action': 'ADD'},
                                                   'tags': {'Value': {'hugo'}, 'Action': 'ADD'}},
                          Expected={'n': {'Value': 1}}, ReturnValues='UPDATED_NEW')
    assert r['Attributes'] == {'n': Decimal(2), 'tags': {'fantasy', 'geology', 'hugo'}}, r


@check
def resource_get_item_attributes_to_get():
    r = table.get_item(Key={'authorId': 'nk', 'bookId': 'f1'}, AttributesToGet=['title', 'n', 'tags'],
                       ConsistentRead=True)
    assert r['Item'] == {'title': 'The Fifth Season', 'n': Decimal(2), 'tags': {'fantasy', 'geology', 'hugo'}}, r


# --- what SDKs call besides items: TTL, tags, limits, endpoints --------------------------------

@check
def time_to_live_sweeps_expired_items():
    client.create_table(TableName='Sessions', AttributeDefinitions=[{'AttributeName': 'id', 'AttributeType': 'S'}],
                        KeySchema=[{'AttributeName': 'id', 'KeyType': 'HASH'}], BillingMode='PAY_PER_REQUEST')
    now = int(time.time())
    client.put_item(TableName='Sessions', Item={'id': S('old'), 'expires': N(now - 60)})
    client.put_item(TableName='Sessions', Item={'id': S('new'), 'expires': N(now + 3600)})
    r = client.update_time_to_live(TableName='Sessions',
                                   TimeToLiveSpecification={'AttributeName': 'expires', 'Enabled': True})
    assert r['TimeToLiveSpecification'] == {'AttributeName': 'expires', 'Enabled': True}, r
    d = client.describe_time_to_live(TableName='Sessions')['TimeToLiveDescription']
    assert d == {'TimeToLiveStatus': 'ENABLED', 'AttributeName': 'expires'}, d
    # Expired is not deleted: the item is read until the sweep (every 2 s here) reaches it.
    assert 'Item' in client.get_item(TableName='Sessions', Key={'id': S('old')}), 'swept at once'
    deadline = time.time() + 15
    while time.time() < deadline:
        ids = sorted(i['id']['S'] for i in client.scan(TableName='Sessions')['Items'])
        if ids == ['new']:
            break
        time.sleep(0.25)
    assert ids == ['new'], ids
    code, message = error_of(client.update_time_to_live, TableName='Sessions',
                             TimeToLiveSpecification={'AttributeName': 'expires', 'Enabled': True})
    assert (code, message) == ('ValidationException', 'TimeToLive is already enabled'), (code, message)


@check
def tags_limits_and_endpoints():
    arn = client.describe_table(TableName='Sessions')['Table']['TableArn']
    client.tag_resource(ResourceArn=arn, Tags=[{'Key': 'team', 'Value': 'web'}, {'Key': 'env', 'Value': 'dev'}])
    client.untag_resource(ResourceArn=arn, TagKeys=['env'])
    tags = client.list_tags_of_resource(ResourceArn=arn)['Tags']
    assert tags == [{'Key': 'team', 'Value': 'web'}], tags
    limits = client.describe_limits()
    assert {k: v for k, v in limits.items() if k != 'ResponseMetadata'} == {
        'AccountMaxReadCapacityUnits': 80000, 'AccountMaxWriteCapacityUnits': 80000,
        'TableMaxReadCapacityUnits': 40000, 'TableMaxWriteCapacityUnits': 40000}, limits
    endpoints = client.describe_endpoints()['Endpoints']
    assert endpoints == [{'Address': endpoint.split('://', 1)[1], 'CachePeriodInMinutes': 1440}], endpoints


assert behaved['legacy'] == sent['legacy']
print(f'legacy requests: {sent["legacy"]}, behaved as DynamoDB: {behaved["legacy"]}')
